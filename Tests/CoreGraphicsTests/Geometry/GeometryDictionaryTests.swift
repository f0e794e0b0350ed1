import CoreGraphics
import Foundation
import Testing

/// Points, sizes and rectangles through their dictionaries and back (Apple's keys), and what a
/// dictionary without them gives.
@Suite("Geometry dictionaries")
struct GeometryDictionaryTests {
    @Test func valuesComeBackFromTheirDictionaries() {
        let rect = CGRect(x: 1.5, y: -2, width: 30, height: 0.25)
        #expect(CGRect(dictionaryRepresentation: rect.dictionaryRepresentation) == rect)
        #expect(CGPoint(dictionaryRepresentation: CGPoint(x: 3, y: 4).dictionaryRepresentation) == CGPoint(x: 3, y: 4))
        #expect(CGSize(dictionaryRepresentation: CGSize(width: 5, height: 6).dictionaryRepresentation) == CGSize(width: 5, height: 6))
        #expect(rect.dictionaryRepresentation["Width"] as? Double == 30, "Apple's keys: X, Y, Width, Height")
        #expect(CGPoint(dictionaryRepresentation: ["X": 1, "Y": NSNumber(value: 2.5)]) == CGPoint(x: 1, y: 2.5), "Int and NSNumber values")
    }

    @Test func incompleteDictionariesGiveNil() {
        #expect(CGPoint(dictionaryRepresentation: ["X": 1]) == nil, "no Y")
        #expect(CGRect(dictionaryRepresentation: ["X": 1, "Y": 2, "Width": "wide", "Height": 3]) == nil, "a string for Width")
        #expect(CGError.illegalArgument.rawValue == 1001 && CGError.noneAvailable.rawValue == 1011)
    }
}
