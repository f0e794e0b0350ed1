import CoreGraphics
import Foundation
import ImageIO
import Testing

/// Exif, GPS, TIFF and IPTC metadata read into Apple's property dictionaries and written back.
@Suite struct ImageMetadataTests {
    /// A photo's metadata as an iOS app writes it.
    static var photo: [String: Any] { [
        kCGImagePropertyTIFFDictionary as String: [
            kCGImagePropertyTIFFMake as String: "Strata", kCGImagePropertyTIFFModel as String: "Camera 1",
            kCGImagePropertyTIFFOrientation as String: 6, kCGImagePropertyTIFFSoftware as String: "Tests",
        ] as [String: Any],
        kCGImagePropertyExifDictionary as String: [
            "ExposureTime": 0.004, "FNumber": 2.8, "ISOSpeedRatings": [100], "ExifVersion": [2, 3, 2],
            "DateTimeOriginal": "2024:06:15 14:30:00", "SubsecTimeOriginal": "234", "OffsetTimeOriginal": "+05:30",
            "LensModel": "Strata 26mm f/2.8", "FocalLength": 4.25, "FocalLenIn35mmFilm": 26, "Flash": 16,
            "ExposureBiasValue": -0.7, "UserComment": "café au lait", "SubjectArea": [2000, 1500, 2200, 1300],
        ] as [String: Any],
        kCGImagePropertyGPSDictionary as String: [
            "Latitude": 48.858_37, "LatitudeRef": "N", "Longitude": 2.294_481, "LongitudeRef": "E",
            "Altitude": 35.5, "AltitudeRef": 0, "TimeStamp": "12:34:56.78", "DateStamp": "2024:06:15",
            "Speed": 1.25, "SpeedRef": "K",
        ] as [String: Any],
        kCGImagePropertyIPTCDictionary as String: [
            kCGImagePropertyIPTCKeywords as String: ["tower", "paris"], kCGImagePropertyIPTCCaptionAbstract as String: "The tower",
            kCGImagePropertyIPTCByline as String: ["Strata"], kCGImagePropertyIPTCCity as String: "Paris",
            kCGImagePropertyIPTCCountryPrimaryLocationName as String: "France",
        ] as [String: Any],
    ] }

    static func dictionary(_ p: [AnyHashable: Any]?, _ key: CFString) -> [String: Any] {
        (p?[key as String] as? [String: Any]) ?? [:]
    }

    /// Every value of `expected` is in `actual`: numbers within 1e-6 (relative), GPS
    /// coordinates within 1e-6 degrees, strings and arrays equal.
    static func expectSame(_ actual: [String: Any], _ expected: [String: Any], _ name: String) {
        for (key, value) in expected {
            let got = actual[key]
            switch value {
            case let n as Double:
                let g = (got as? Double) ?? (got as? Int).map(Double.init)
                #expect(g.map { abs($0 - n) <= 1e-6 * max(1, abs(n)) } == true, "\(name) \(key): \(String(describing: got)) for \(n)")
            case let n as Int:
                #expect(got as? Int == n, "\(name) \(key): \(String(describing: got)) for \(n)")
            case let s as String:
                #expect(got as? String == s, "\(name) \(key): \(String(describing: got)) for \(s)")
            case let a as [Int]:
                #expect(got as? [Int] == a, "\(name) \(key): \(String(describing: got)) for \(a)")
            case let a as [String]:
                #expect(got as? [String] == a, "\(name) \(key): \(String(describing: got)) for \(a)")
            default:
                Issue.record("\(name) \(key): no comparison for \(value)")
            }
        }
    }

    @Test(arguments: ["public.jpeg", "public.png", "public.tiff", "org.webmproject.webp", "public.heic"])
    func aPhotosMetadataWrittenIsReadBackEqual(type: String) throws {
        let data = try #require(Pictures.encode([(Pictures.quadrants(40, 30, alpha: false), Self.photo)], type: type))
        let p = try #require(Pictures.properties(data))
        // WebP has no place for IPTC (left out with a warning).
        let kept = [kCGImagePropertyTIFFDictionary, kCGImagePropertyExifDictionary, kCGImagePropertyGPSDictionary]
            + (type == "org.webmproject.webp" ? [] : [kCGImagePropertyIPTCDictionary])
        for key in kept {
            Self.expectSame(Self.dictionary(p, key), Self.photo[key as String] as! [String: Any], "\(type) \(key)")
        }
        #expect(p[kCGImagePropertyOrientation as String] as? Int == 6, "\(type): the top-level orientation follows the TIFF one")
        #expect(Pictures.decode(data).map { ($0.width, $0.height) }! == (40, 30), "\(type): the pixels are still there")
    }

    /// A JPEG whose APP1 segment is built here byte by byte (not by exiv2): the values Apple's
    /// dictionaries show for it, in Apple's units (decimal degrees, seconds, version arrays).
    @Test func anExifSegmentMadeByHandIsReadIntoApplesDictionaries() throws {
        let jpeg = try #require(Pictures.quadrants(16, 16, alpha: false).jpegData(quality: 0.9))
        let tiff = ExifBuilder.tiff(
            ifd0: [.ascii(0x010F, "Canon"), .short(0x0112, [8])],
            exif: [.rational(0x829D, [(28, 10)]), .short(0x8827, [200]), .undefined(0x9000, Array("0231".utf8)),
                   .rational(0x829A, [(1, 125)])],
            gps: [.bytes(0x0000, [2, 3, 0, 0]), .ascii(0x0001, "S"), .rational(0x0002, [(33, 1), (51, 1), (3540, 100)]),
                  .ascii(0x0003, "W"), .rational(0x0004, [(151, 1), (12, 1), (3000, 100)]),
                  .rational(0x0007, [(23, 1), (5, 1), (9, 2)])])
        let file = ExifBuilder.insertingAPP1(tiff, into: jpeg)
        let p = try #require(Pictures.properties(file))
        let tiffDictionary = Self.dictionary(p, kCGImagePropertyTIFFDictionary)
        let exif = Self.dictionary(p, kCGImagePropertyExifDictionary)
        let gps = Self.dictionary(p, kCGImagePropertyGPSDictionary)
        #expect(tiffDictionary["Make"] as? String == "Canon")
        #expect(tiffDictionary["Orientation"] as? Int == 8)
        #expect(p[kCGImagePropertyOrientation as String] as? Int == 8)
        #expect(exif["FNumber"] as? Double == 2.8)
        #expect(exif["ExposureTime"] as? Double == 0.008)
        #expect(exif["ISOSpeedRatings"] as? [Int] == [200], "a count-1 ISO list is still an array")
        #expect(exif["ExifVersion"] as? [Int] == [2, 3, 1])
        #expect(gps["LatitudeRef"] as? String == "S")
        #expect(abs((gps["Latitude"] as? Double ?? 0) - (33 + 51.0 / 60 + 35.4 / 3600)) < 1e-9)
        #expect(abs((gps["Longitude"] as? Double ?? 0) - (151 + 12.0 / 60 + 30.0 / 3600)) < 1e-9)
        #expect(gps["TimeStamp"] as? String == "23:05:04.50")
        #expect(gps["GPSVersion"] as? [Int] == [2, 3, 0, 0])
    }

    @Test func aNegativeCoordinateWithoutReferenceIsWrittenWithItsHemisphere() throws {
        let properties: [String: Any] = [kCGImagePropertyGPSDictionary as String: ["Latitude": -33.5, "Longitude": -70.25]]
        let data = try #require(Pictures.encode([(Pictures.solid(8, 8, 1, 0, 0), properties)], type: "public.jpeg"))
        let gps = Self.dictionary(Pictures.properties(data), kCGImagePropertyGPSDictionary)
        #expect(gps["Latitude"] as? Double == 33.5)
        #expect(gps["LatitudeRef"] as? String == "S")
        #expect(gps["Longitude"] as? Double == 70.25)
        #expect(gps["LongitudeRef"] as? String == "W")
    }

    /// Tried: a number given as text that is no number, a dictionary where a string goes, an
    /// unknown key, a version of NaN and 1e300 (the destination fuzzer's trap), a latitude of
    /// 1e300, a time of 10¹¹ hours. The bad values are left out (with a warning); the good ones are written.
    @Test func aValueOfTheWrongTypeIsLeftOutAndTheRestWritten() throws {
        let properties: [String: Any] = [
            kCGImagePropertyExifDictionary as String: [
                "FNumber": "wide open", "LensModel": ["a": 1], "ISOSpeedRatings": [400], "NoSuchKey": 3,
                "ExifVersion": [Double.nan, 1e300], "FlashPixVersion": [1, 0, 0, 7_000_000],
            ],
            kCGImagePropertyTIFFDictionary as String: ["Make": "Strata"],
            kCGImagePropertyGPSDictionary as String: ["Latitude": 1e300, "TimeStamp": "99999999999:00:00", "Altitude": 12.5],
        ]
        let data = try #require(Pictures.encode([(Pictures.solid(8, 8, 0, 1, 0), properties)], type: "public.jpeg"))
        let p = Pictures.properties(data)
        let exif = Self.dictionary(p, kCGImagePropertyExifDictionary)
        #expect(exif["FNumber"] == nil)
        #expect(exif["LensModel"] == nil)
        #expect(exif["ISOSpeedRatings"] as? [Int] == [400])
        #expect(Self.dictionary(p, kCGImagePropertyTIFFDictionary)["Make"] as? String == "Strata")
        let gps = Self.dictionary(p, kCGImagePropertyGPSDictionary)
        #expect(gps["Latitude"] == nil && gps["TimeStamp"] == nil)
        #expect(gps["Altitude"] as? Double == 12.5)
    }

    @Test func damagedMetadataDoesNotHideThePixels() throws {
        let jpeg = try #require(Pictures.quadrants(16, 16, alpha: false).jpegData(quality: 0.9))
        // An Exif segment whose first directory claims 60,000 entries past the segment's end.
        let broken: [UInt8] = [0x49, 0x49, 0x2A, 0x00, 0x08, 0x00, 0x00, 0x00, 0x60, 0xEA] + [UInt8](repeating: 0xFF, count: 12)
        let file = ExifBuilder.insertingAPP1(broken, into: jpeg)
        let image = try #require(Pictures.decode(file))
        #expect(image.width == 16)
        #expect(Pictures.properties(file)?[kCGImagePropertyPixelWidth as String] as? Int == 16)
    }

    /// A reciprocal (1/250 s) comes back exact, π within the closest fraction of denominator at most 10⁶.
    @Test func rationalsAreExactForReciprocalsAndCloseOtherwise() throws {
        let properties: [String: Any] = [kCGImagePropertyExifDictionary as String: ["ExposureTime": 0.004, "FocalLength": Double.pi]]
        let data = try #require(Pictures.encode([(Pictures.solid(8, 8, 0, 0, 1), properties)], type: "public.jpeg"))
        let exif = Self.dictionary(Pictures.properties(data), kCGImagePropertyExifDictionary)
        #expect(exif["ExposureTime"] as? Double == 1.0 / 250)
        #expect((exif["FocalLength"] as? Double).map { abs($0 - .pi) < 1e-11 } == true)
    }
}
