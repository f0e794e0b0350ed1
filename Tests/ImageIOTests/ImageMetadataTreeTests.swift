import CoreGraphics
import Foundation
import ImageIO
import Testing

/// CGImageMetadata: XMP tags by path, written into files and read back.
@Suite struct ImageMetadataTreeTests {
    static func sample() -> CGMutableImageMetadata {
        let m = CGImageMetadataCreateMutable()
        #expect(CGImageMetadataSetValueWithPath(m, nil, "dc:subject" as CFString, ["tower", "paris"] as CFTypeRef))
        #expect(CGImageMetadataSetValueWithPath(m, nil, "xmp:Rating" as CFString, 4 as CFTypeRef))
        let title = CGImageMetadataTagCreate(kCGImageMetadataNamespaceDublinCore, kCGImageMetadataPrefixDublinCore, "title" as CFString,
                                             .alternateText, ["x-default": "The tower", "fr": "La tour"] as CFTypeRef)!
        #expect(CGImageMetadataSetTagWithPath(m, nil, "dc:title" as CFString, title))
        let contact = CGImageMetadataTagCreate(kCGImageMetadataNamespaceIPTCCore, kCGImageMetadataPrefixIPTCCore, "CreatorContactInfo" as CFString,
                                               .structure, ["Iptc4xmpCore:CiAdrCity": "Paris", "Iptc4xmpCore:CiEmailWork": "a@b.c"] as CFTypeRef)!
        #expect(CGImageMetadataSetTagWithPath(m, nil, "Iptc4xmpCore:CreatorContactInfo" as CFString, contact))
        return m
    }

    @Test func pathsReachArrayItemsLanguagesAndStructureFields() throws {
        let m = Self.sample()
        #expect(CGImageMetadataCopyStringValueWithPath(m, nil, "dc:subject[1]" as CFString) == "paris")
        #expect(CGImageMetadataCopyStringValueWithPath(m, nil, "xmp:Rating" as CFString) == "4")
        #expect(CGImageMetadataCopyStringValueWithPath(m, nil, "dc:title" as CFString) == "The tower", "alternate text: the default language")
        #expect(CGImageMetadataCopyStringValueWithPath(m, nil, "dc:title[fr]" as CFString) == "La tour")
        #expect(CGImageMetadataCopyStringValueWithPath(m, nil, "Iptc4xmpCore:CreatorContactInfo.Iptc4xmpCore:CiAdrCity" as CFString) == "Paris")
        let subject = try #require(CGImageMetadataCopyTagWithPath(m, nil, "dc:subject" as CFString))
        #expect(CGImageMetadataTagGetType(subject) == .arrayOrdered)
        #expect(CGImageMetadataCopyStringValueWithPath(m, subject, "[0]" as CFString) == "tower", "below a parent tag")
        #expect((CGImageMetadataTagCopyValue(subject) as? [CGImageMetadataTag])?.count == 2)
        #expect(CGImageMetadataTagCopyNamespace(subject) == kCGImageMetadataNamespaceDublinCore)
        // Tried: paths that are malformed or reach nothing.
        for bad in ["", "dc:", ":subject", "dc:subject[", "dc:subject[-1]", "dc:subject[2]", "nope:subject", "subject", "dc:title[de]"] {
            #expect(CGImageMetadataCopyTagWithPath(m, nil, bad as CFString) == nil, "\(bad)")
        }
    }

    @Test func changesReplaceAppendAndRemove() {
        let m = Self.sample()
        #expect(CGImageMetadataSetValueWithPath(m, nil, "dc:subject[2]" as CFString, "eiffel" as CFTypeRef), "one past the end appends")
        #expect(!CGImageMetadataSetValueWithPath(m, nil, "dc:subject[5]" as CFString, "far" as CFTypeRef), "further is refused")
        #expect(CGImageMetadataSetValueWithPath(m, nil, "dc:subject[0]" as CFString, "Tower" as CFTypeRef))
        #expect(CGImageMetadataSetValueWithPath(m, nil, "dc:title[de]" as CFString, "Der Turm" as CFTypeRef))
        #expect(CGImageMetadataRemoveTagWithPath(m, nil, "xmp:Rating" as CFString))
        #expect(!CGImageMetadataRemoveTagWithPath(m, nil, "xmp:Rating" as CFString), "nothing left to remove")
        var paths: [String] = []
        CGImageMetadataEnumerateTagsUsingBlock(m, nil, [kCGImageMetadataEnumerateRecursively: true] as CFDictionary) { path, _ in
            paths.append(path as String)
            return true
        }
        #expect(paths.contains("dc:subject[2]"))
        #expect(paths.contains("dc:title[de]"))
        #expect(paths.contains("Iptc4xmpCore:CreatorContactInfo.Iptc4xmpCore:CiAdrCity"))
        #expect(!paths.contains("xmp:Rating"))
        #expect(CGImageMetadataCopyStringValueWithPath(m, nil, "dc:subject[0]" as CFString) == "Tower")
        // A custom namespace must be registered first, and its prefix may name only it.
        #expect(!CGImageMetadataSetValueWithPath(m, nil, "my:thing" as CFString, "x" as CFTypeRef))
        #expect(CGImageMetadataRegisterNamespaceForPrefix(m, "http://example.com/ns/1.0/" as CFString, "my" as CFString, nil))
        #expect(CGImageMetadataSetValueWithPath(m, nil, "my:thing" as CFString, "x" as CFTypeRef))
        var error: Unmanaged<CFError>?
        #expect(!CGImageMetadataRegisterNamespaceForPrefix(m, "http://example.com/other/" as CFString, "my" as CFString, &error))
        #expect(error?.takeRetainedValue().code == Int(CGImageMetadataErrors.prefixConflict.rawValue))
    }

    @Test func anXMPPacketRoundTripsEveryKindOfTag() throws {
        let m = Self.sample()
        #expect(CGImageMetadataRegisterNamespaceForPrefix(m, "http://example.com/ns/1.0/" as CFString, "my" as CFString, nil))
        #expect(CGImageMetadataSetValueWithPath(m, nil, "my:thing" as CFString, "custom" as CFTypeRef))
        let packet = try #require(CGImageMetadataCreateXMPData(m, nil))
        #expect(String(decoding: packet, as: UTF8.self).contains("<rdf:RDF"))
        let back = try #require(CGImageMetadataCreateFromXMPData(packet))
        #expect(CGImageMetadataCopyStringValueWithPath(back, nil, "dc:subject[1]" as CFString) == "paris")
        #expect(CGImageMetadataCopyStringValueWithPath(back, nil, "dc:title[fr]" as CFString) == "La tour")
        #expect(CGImageMetadataCopyStringValueWithPath(back, nil, "Iptc4xmpCore:CreatorContactInfo.Iptc4xmpCore:CiEmailWork" as CFString) == "a@b.c")
        #expect(CGImageMetadataCopyStringValueWithPath(back, nil, "my:thing" as CFString) == "custom")
        #expect(CGImageMetadataCreateFromXMPData(Data("not xmp at all".utf8)) == nil, "tried: text that is no XMP")
    }

    @Test(arguments: ["public.jpeg", "public.png", "public.tiff", "org.webmproject.webp", "public.heic"])
    func metadataAddedWithAnImageIsReadBackWithItsExifTwin(type: String) throws {
        let m = Self.sample()
        #expect(CGImageMetadataSetValueWithPath(m, nil, "tiff:Make" as CFString, "Strata" as CFTypeRef))
        let data = NSMutableData()
        let destination = try #require(CGImageDestinationCreateWithData(data, type as CFString, 1, nil))
        CGImageDestinationAddImageAndMetadata(destination, Pictures.solid(8, 8, 1, 0, 0), m, nil)
        #expect(CGImageDestinationFinalize(destination))
        let source = try #require(CGImageSourceCreateWithData(data as Data as CFData, nil))
        let read = try #require(CGImageSourceCopyMetadataAtIndex(source, 0, nil))
        #expect(CGImageMetadataCopyStringValueWithPath(read, nil, "dc:subject[1]" as CFString) == "paris", "\(type)")
        #expect(CGImageMetadataCopyStringValueWithPath(read, nil, "Iptc4xmpCore:CreatorContactInfo.Iptc4xmpCore:CiAdrCity" as CFString) == "Paris", "\(type)")
        // tiff:Make is also written as Exif's Make, which the properties show.
        let tiff = CGImageSourceCopyPropertiesAtIndex(source, 0, nil)?[kCGImagePropertyTIFFDictionary as String] as? [String: Any]
        #expect(tiff?[kCGImagePropertyTIFFMake as String] as? String == "Strata", "\(type)")
    }

    @Test func exifIsReadAsXMPUnderApplesPrefixes() throws {
        let properties: [String: Any] = [
            kCGImagePropertyExifDictionary as String: ["FNumber": 2.8, "ISOSpeedRatings": [100]],
            kCGImagePropertyTIFFDictionary as String: ["Model": "Camera 1"],
            kCGImagePropertyIPTCDictionary as String: [kCGImagePropertyIPTCKeywords as String: ["a", "b"]],
        ]
        let data = try #require(Pictures.encode([(Pictures.solid(8, 8, 0, 1, 0), properties)], type: "public.jpeg"))
        let source = try #require(CGImageSourceCreateWithData(data as CFData, nil))
        let read = try #require(CGImageSourceCopyMetadataAtIndex(source, 0, nil))
        #expect(CGImageMetadataCopyStringValueWithPath(read, nil, "exif:FNumber" as CFString) == "14/5")
        #expect(CGImageMetadataCopyStringValueWithPath(read, nil, "tiff:Model" as CFString) == "Camera 1")
        #expect(CGImageMetadataCopyStringValueWithPath(read, nil, "dc:subject[1]" as CFString) == "b")
        #expect(CGImageSourceCopyMetadataAtIndex(source, 1, nil) == nil, "no second image")
    }

    /// The photo round trip: read a photo's Exif, GPS and XMP, turn its pixels upright by its
    /// orientation, write them with the metadata (orientation now 1), read them again equal.
    @Test func aPhotoRotatedUprightKeepsItsMetadata() throws {
        var properties = ImageMetadataTests.photo
        var tiff = properties[kCGImagePropertyTIFFDictionary as String] as! [String: Any]
        tiff[kCGImagePropertyTIFFOrientation as String] = 6
        properties[kCGImagePropertyTIFFDictionary as String] = tiff
        let xmp = Self.sample()
        let original = NSMutableData()
        let first = try #require(CGImageDestinationCreateWithData(original, "public.jpeg" as CFString, 1, nil))
        CGImageDestinationAddImageAndMetadata(first, Pictures.quadrants(40, 30, alpha: false), xmp, properties as CFDictionary)
        #expect(CGImageDestinationFinalize(first))

        let source = try #require(CGImageSourceCreateWithData(original as Data as CFData, nil))
        let read = try #require(CGImageSourceCopyPropertiesAtIndex(source, 0, nil))
        #expect(read[kCGImagePropertyOrientation as String] as? Int == 6)
        let upright = try #require(CGImageSourceCreateThumbnailAtIndex(source, 0, [
            kCGImageSourceCreateThumbnailFromImageAlways: true, kCGImageSourceCreateThumbnailWithTransform: true,
            kCGImageSourceThumbnailMaxPixelSize: 40,
        ] as CFDictionary))
        #expect((upright.width, upright.height) == (30, 40), "orientation 6 turns the picture a quarter")
        var again = read as? [String: Any] ?? [:]
        again[kCGImagePropertyOrientation as String] = 1
        var tiffAgain = again[kCGImagePropertyTIFFDictionary as String] as? [String: Any] ?? [:]
        tiffAgain[kCGImagePropertyTIFFOrientation as String] = 1
        again[kCGImagePropertyTIFFDictionary as String] = tiffAgain
        let metadata = try #require(CGImageSourceCopyMetadataAtIndex(source, 0, nil))
        let rotated = NSMutableData()
        let second = try #require(CGImageDestinationCreateWithData(rotated, "public.jpeg" as CFString, 1, nil))
        CGImageDestinationAddImageAndMetadata(second, upright, metadata, again as CFDictionary)
        #expect(CGImageDestinationFinalize(second))

        let final = try #require(Pictures.properties(rotated as Data))
        #expect(final[kCGImagePropertyOrientation as String] as? Int == 1)
        for key in [kCGImagePropertyExifDictionary, kCGImagePropertyGPSDictionary, kCGImagePropertyIPTCDictionary] {
            ImageMetadataTests.expectSame(ImageMetadataTests.dictionary(final, key), ImageMetadataTests.photo[key as String] as! [String: Any], "rotated \(key)")
        }
        let finalSource = try #require(CGImageSourceCreateWithData(rotated as Data as CFData, nil))
        let finalXMP = try #require(CGImageSourceCopyMetadataAtIndex(finalSource, 0, nil))
        #expect(CGImageMetadataCopyStringValueWithPath(finalXMP, nil, "dc:title[fr]" as CFString) == "La tour")
        #expect(Pictures.decode(rotated as Data).map { ($0.width, $0.height) }! == (30, 40))
    }

    @Test func copyingASourceChangesOnlyItsMetadata() throws {
        let properties: [String: Any] = [
            kCGImagePropertyGPSDictionary as String: ["Latitude": 10.5, "Longitude": 20.25],
            kCGImagePropertyTIFFDictionary as String: ["Make": "Strata"],
        ]
        let jpeg = try #require(Pictures.encode([(Pictures.quadrants(32, 24, alpha: false), properties)], type: "public.jpeg"))
        let source = try #require(CGImageSourceCreateWithData(jpeg as CFData, nil))
        let out = NSMutableData()
        let destination = try #require(CGImageDestinationCreateWithData(out, "public.jpeg" as CFString, 1, nil))
        let options: [String: Any] = [kCGImageMetadataShouldExcludeGPS as String: true, kCGImageDestinationOrientation as String: 3]
        #expect(CGImageDestinationCopyImageSource(destination, source, options as CFDictionary, nil))
        let p = try #require(Pictures.properties(out as Data))
        #expect(p[kCGImagePropertyGPSDictionary as String] == nil, "GPS left out")
        #expect(p[kCGImagePropertyOrientation as String] as? Int == 3)
        #expect((p[kCGImagePropertyTIFFDictionary as String] as? [String: Any])?["Make"] as? String == "Strata", "the rest kept")
        // The pixels are the same bytes' pixels: not re-encoded.
        #expect(Pictures.maxDifference(try #require(Pictures.decode(jpeg)), try #require(Pictures.decode(out as Data))) == 0)
        // Tried: a PNG source into a JPEG destination.
        let png = try #require(Pictures.encode([(Pictures.solid(4, 4, 1, 1, 1), [:])], type: "public.png"))
        let other = try #require(CGImageDestinationCreateWithData(NSMutableData(), "public.jpeg" as CFString, 1, nil))
        var error: Unmanaged<CFError>?
        #expect(!CGImageDestinationCopyImageSource(other, CGImageSourceCreateWithData(png as CFData, nil)!, nil, &error))
        #expect(error?.takeRetainedValue().code == Int(CGImageMetadataErrors.unsupportedFormat.rawValue))
    }
}

/// Properties of Apple's dictionaries found by their XMP twins.
@Suite struct ImageMetadataMatchingTests {
    @Test func propertiesFindTheirXMPTags() throws {
        let m = CGImageMetadataCreateMutable()
        let pairs: [(CFString, CFString, String)] = [
            (kCGImagePropertyExifDictionary, kCGImagePropertyExifFNumber, "exif:FNumber"),
            (kCGImagePropertyTIFFDictionary, kCGImagePropertyTIFFMake, "tiff:Make"),
            (kCGImagePropertyIPTCDictionary, kCGImagePropertyIPTCCity, "photoshop:City"),
            (kCGImagePropertyExifAuxDictionary, kCGImagePropertyExifAuxLensModel, "aux:Lens"),
        ]
        for (dictionary, property, path) in pairs {
            #expect(CGImageMetadataSetValueMatchingImageProperty(m, dictionary, property, "v-\(property)" as CFTypeRef), "\(property)")
            #expect(CGImageMetadataCopyStringValueWithPath(m, nil, path as CFString) == "v-\(property)", "\(property) → \(path)")
            let tag = CGImageMetadataCopyTagMatchingImageProperty(m, dictionary, property)
            #expect(tag.flatMap { CGImageMetadataTagCopyValue($0) as? String } == "v-\(property)")
        }
        #expect(CGImageMetadataCopyTagMatchingImageProperty(m, kCGImagePropertyGIFDictionary, kCGImagePropertyGIFDelayTime) == nil,
                "tried: a property XMP does not hold")
        #expect(!CGImageMetadataSetValueMatchingImageProperty(m, "{Nope}" as CFString, "Nothing" as CFString, "x" as CFTypeRef))
    }
}
