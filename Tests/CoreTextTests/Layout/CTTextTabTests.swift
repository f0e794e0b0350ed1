import CoreText
import Foundation
import Testing

/// Tabs go to the paragraph's tab stops (Apple's default: twelve, 28 points apart), then to
/// multiples of its default tab interval; the stops read back through the paragraph style.
@Suite struct CTTextTabTests {
    private let sans = CTFontCreateWithName("DejaVuSans" as CFString, 12, nil)

    /// The x of the glyph drawn for the character at `index` in a line of `string`.
    private func x(of index: Int, in string: String, style: CTParagraphStyle? = nil) -> CGFloat? {
        var extra: [NSAttributedString.Key: Any] = [:]
        if let style { extra[NSAttributedString.Key(kCTParagraphStyleAttributeName as String)] = style }
        let line = CTLineCreateWithAttributedString(attributed(string, sans, extra))
        for run in CTLineGetGlyphRuns(line) as! [CTRun] {
            let count = CTRunGetGlyphCount(run)
            var positions = [CGPoint](repeating: .zero, count: count), indices = [CFIndex](repeating: 0, count: count)
            CTRunGetPositions(run, CFRange(location: 0, length: count), &positions)
            CTRunGetStringIndices(run, CFRange(location: 0, length: count), &indices)
            if let k = indices.firstIndex(of: index) { return positions[k].x }
        }
        return nil
    }

    private func style(stops: [CTTextTab], interval: CGFloat? = nil) -> CTParagraphStyle {
        var array: CFArray = stops
        var spacing = interval ?? 0
        return withUnsafeBytes(of: &array) { tabs in
            withUnsafeBytes(of: &spacing) { value in
                var settings = [CTParagraphStyleSetting(spec: .tabStops, valueSize: MemoryLayout<CFArray>.size, value: tabs.baseAddress!)]
                if interval != nil {
                    settings.append(CTParagraphStyleSetting(spec: .defaultTabInterval, valueSize: MemoryLayout<CGFloat>.size, value: value.baseAddress!))
                }
                return CTParagraphStyleCreate(settings, settings.count)
            }
        }
    }

    @Test func tabsGoToTheDefaultStops28PointsApart() throws {
        #expect(abs(try #require(x(of: 2, in: "a\tb")) - 28) < 0.01)
        #expect(abs(try #require(x(of: 4, in: "a\tb\tc")) - 56) < 0.01, "the second tab to the second stop")
        // Past the twelfth stop (336 points), still 28 points apart.
        let far = String(repeating: "\t", count: 14) + "z"
        #expect(abs(try #require(x(of: 14, in: far)) - 14 * 28) < 0.01)
    }

    @Test func aParagraphsStopsThenItsIntervalPlaceTheText() throws {
        let one = style(stops: [CTTextTabCreate(.left, 100, nil)])
        #expect(abs(try #require(x(of: 2, in: "a\tb", style: one)) - 100) < 0.01)
        // Past the last stop: 28-point multiples without an interval, the interval's with one.
        #expect(abs(try #require(x(of: 4, in: "a\tb\tc", style: one)) - 112) < 0.01)
        let spaced = style(stops: [CTTextTabCreate(.left, 100, nil)], interval: 50)
        #expect(abs(try #require(x(of: 4, in: "a\tb\tc", style: spaced)) - 150) < 0.01)
        // Stops given out of order are sorted.
        let unordered = style(stops: [CTTextTabCreate(.left, 90, nil), CTTextTabCreate(.left, 40, nil)])
        #expect(abs(try #require(x(of: 2, in: "a\tb", style: unordered)) - 40) < 0.01)
    }

    @Test func stopsReadBackThroughTheStyleAndTheirOwnGetters() {
        let tab = CTTextTabCreate(.right, 72, [kCTTabColumnTerminatorsAttributeName: "."] as CFDictionary)
        #expect(CTTextTabGetAlignment(tab) == .right && CTTextTabGetLocation(tab) == 72)
        #expect(CTTextTabGetOptions(tab)?[kCTTabColumnTerminatorsAttributeName] as? String == ".")
        #expect(CTTextTabGetLocation(CTTextTabCreate(.left, .nan, nil)) == 0, "a location that is not a number is 0")
        var read: CFArray = []
        let found = withUnsafeMutableBytes(of: &read) {
            CTParagraphStyleGetValueForSpecifier(style(stops: [tab]), .tabStops, MemoryLayout<CFArray>.size, $0.baseAddress!)
        }
        #expect(found && (read.first as? CTTextTab) === tab)
        var defaults: CFArray = []
        _ = withUnsafeMutableBytes(of: &defaults) {
            CTParagraphStyleGetValueForSpecifier(CTParagraphStyleCreate(nil, 0), .tabStops, MemoryLayout<CFArray>.size, $0.baseAddress!)
        }
        #expect(defaults.compactMap { ($0 as? CTTextTab).map(CTTextTabGetLocation) } == (1...12).map { Double($0) * 28 })
        #expect(CFGetTypeID(tab) == CTTextTabGetTypeID())
    }

    private func width(_ string: String) -> CGFloat {
        CGFloat(CTLineGetTypographicBounds(CTLineCreateWithAttributedString(attributed(string, sans)), nil, nil, nil))
    }

    @Test func rightCentreAndDecimalStopsAlignTheTextAfterThem() throws {
        let right = style(stops: [CTTextTabCreate(.right, 100, nil)])
        #expect(abs(try #require(x(of: 2, in: "a\t12", style: right)) + width("12") - 100) < 0.01, "ends at the stop")
        let centre = style(stops: [CTTextTabCreate(.center, 100, nil)])
        #expect(abs(try #require(x(of: 2, in: "a\tabc", style: centre)) + width("abc") / 2 - 100) < 0.01, "centred on the stop")
        let decimal = style(stops: [CTTextTabCreate(.right, 100, [kCTTabColumnTerminatorsAttributeName: "."] as CFDictionary)])
        #expect(abs(try #require(x(of: 3, in: "a\t3.14", style: decimal)) - 100) < 0.01, "the decimal point at the stop")
        #expect(abs(try #require(x(of: 2, in: "a\t314", style: decimal)) + width("314") - 100) < 0.01, "no point: ends at the stop")
        // Text wider than the room left: the tab takes no space (never a negative advance).
        let tight = style(stops: [CTTextTabCreate(.right, 30, nil)])
        #expect(abs(try #require(x(of: 2, in: "a\tabcdefgh", style: tight)) - width("a")) < 0.01)
        // A stop after an aligned one is reached from where the aligned text ended.
        let two = style(stops: [CTTextTabCreate(.right, 100, nil), CTTextTabCreate(.left, 150, nil)])
        #expect(abs(try #require(x(of: 5, in: "a\t12\tz", style: two)) - 150) < 0.01)
    }
}
