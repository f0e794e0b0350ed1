/// How an exiv2 entry's value becomes the value Apple's property dictionaries hold, and back.
enum MetadataConversion {
    /// Text as a string, one integer as `Int`, one rational as `Double`, several as arrays.
    case plain
    /// A version of four ASCII digits ("0232") as Apple's array of numbers ([2, 3, 2]).
    case version
    /// Degrees, minutes and seconds (three rationals) as decimal degrees, always positive (the
    /// reference entry says the hemisphere).
    case coordinate
    /// Hours, minutes and seconds (three rationals) as "HH:mm:ss" or "HH:mm:ss.SS".
    case time
    /// Apple's array of strings whatever the count (IPTC datasets that may repeat, XMP bags).
    case list
    /// Apple's array of numbers whatever the count (ISO speeds, the subject's area).
    case numbers
    /// Exif's user comment: an 8-byte character-set mark ("ASCII", "UNICODE") and the text.
    case comment
}

/// One property of Apple's dictionaries (`dictionary`/`key`) and the exiv2 entry it comes from.
struct MetadataKey {
    let exiv2: String
    let dictionary: String
    let key: String
    let conversion: MetadataConversion
}

/// Which Exif, GPS, TIFF, IPTC and ExifAux properties are read from and written to which exiv2
/// entries. Apple's key is exiv2's tag name unless given.
enum MetadataKeyTable {
    static let all: [MetadataKey] = tiff + exif + gps + iptc + exifAux

    static let byExiv2: [String: MetadataKey] = Dictionary(all.map { ($0.exiv2, $0) }) { a, _ in a }

    /// Apple's dictionary → its key → the entry.
    static let byDictionary: [String: [String: MetadataKey]] = Dictionary(grouping: all, by: \.dictionary)
        .mapValues { Dictionary($0.map { ($0.key, $0) }) { a, _ in a } }

    private static func group(
        _ dictionary: String, _ prefix: String, _ names: [String], renamed: [String: String] = [:],
        conversions: [String: MetadataConversion] = [:], dropping: String = ""
    ) -> [MetadataKey] {
        names.map { name in
            let apple = renamed[name] ?? (name.hasPrefix(dropping) ? String(name.dropFirst(dropping.count)) : name)
            return MetadataKey(exiv2: prefix + name, dictionary: dictionary, key: apple, conversion: conversions[name] ?? .plain)
        }
    }

    /// IFD0's tags (Apple's {TIFF}).
    static let tiff = group(kCGImagePropertyTIFFDictionary, "Exif.Image.", [
        "Compression", "PhotometricInterpretation", "DocumentName", "ImageDescription", "Make", "Model", "Orientation",
        "XResolution", "YResolution", "ResolutionUnit", "Software", "TransferFunction", "DateTime", "Artist",
        "HostComputer", "Copyright", "WhitePoint", "PrimaryChromaticities", "TileWidth", "TileLength",
    ])

    /// The Exif IFD's tags (Apple's {Exif}).
    static let exif = group(kCGImagePropertyExifDictionary, "Exif.Photo.", [
        "ExposureTime", "FNumber", "ExposureProgram", "SpectralSensitivity", "ISOSpeedRatings", "OECF",
        "SensitivityType", "StandardOutputSensitivity", "RecommendedExposureIndex", "ISOSpeed", "ISOSpeedLatitudeyyy",
        "ISOSpeedLatitudezzz", "ExifVersion", "DateTimeOriginal", "DateTimeDigitized", "OffsetTime", "OffsetTimeOriginal",
        "OffsetTimeDigitized", "ComponentsConfiguration", "CompressedBitsPerPixel", "ShutterSpeedValue", "ApertureValue",
        "BrightnessValue", "ExposureBiasValue", "MaxApertureValue", "SubjectDistance", "MeteringMode", "LightSource",
        "Flash", "FocalLength", "SubjectArea", "UserComment", "SubSecTime", "SubSecTimeOriginal", "SubSecTimeDigitized",
        "FlashpixVersion", "ColorSpace", "PixelXDimension", "PixelYDimension", "RelatedSoundFile", "FlashEnergy",
        "SpatialFrequencyResponse", "FocalPlaneXResolution", "FocalPlaneYResolution", "FocalPlaneResolutionUnit",
        "SubjectLocation", "ExposureIndex", "SensingMethod", "FileSource", "SceneType", "CFAPattern", "CustomRendered",
        "ExposureMode", "WhiteBalance", "DigitalZoomRatio", "FocalLengthIn35mmFilm", "SceneCaptureType", "GainControl",
        "Contrast", "Saturation", "Sharpness", "DeviceSettingDescription", "SubjectDistanceRange", "ImageUniqueID",
        "CameraOwnerName", "BodySerialNumber", "LensSpecification", "LensMake", "LensModel", "LensSerialNumber",
        "CompositeImage", "SourceImageNumberOfCompositeImage", "SourceExposureTimesOfCompositeImage", "Gamma",
    ], renamed: [
        "SubSecTime": "SubsecTime", "SubSecTimeOriginal": "SubsecTimeOriginal", "SubSecTimeDigitized": "SubsecTimeDigitized",
        "FlashpixVersion": "FlashPixVersion", "FocalLengthIn35mmFilm": "FocalLenIn35mmFilm",
        "SubjectDistanceRange": "SubjectDistRange",
    ], conversions: [
        "ExifVersion": .version, "FlashpixVersion": .version, "UserComment": .comment, "ISOSpeedRatings": .numbers,
        "SubjectArea": .numbers, "SubjectLocation": .numbers, "LensSpecification": .numbers,
        "ComponentsConfiguration": .numbers, "SourceImageNumberOfCompositeImage": .numbers,
    ])

    /// The GPS IFD's tags (Apple's {GPS}: exiv2's names without "GPS").
    static let gps = group(kCGImagePropertyGPSDictionary, "Exif.GPSInfo.", [
        "GPSVersionID", "GPSLatitudeRef", "GPSLatitude", "GPSLongitudeRef", "GPSLongitude", "GPSAltitudeRef",
        "GPSAltitude", "GPSTimeStamp", "GPSSatellites", "GPSStatus", "GPSMeasureMode", "GPSDOP", "GPSSpeedRef",
        "GPSSpeed", "GPSTrackRef", "GPSTrack", "GPSImgDirectionRef", "GPSImgDirection", "GPSMapDatum",
        "GPSDestLatitudeRef", "GPSDestLatitude", "GPSDestLongitudeRef", "GPSDestLongitude", "GPSDestBearingRef",
        "GPSDestBearing", "GPSDestDistanceRef", "GPSDestDistance", "GPSProcessingMethod", "GPSAreaInformation",
        "GPSDateStamp", "GPSDifferential", "GPSHPositioningError",
    ], renamed: ["GPSVersionID": "GPSVersion"], conversions: [
        "GPSLatitude": .coordinate, "GPSLongitude": .coordinate, "GPSDestLatitude": .coordinate,
        "GPSDestLongitude": .coordinate, "GPSTimeStamp": .time,
    ], dropping: "GPS")

    /// IPTC's application record (Apple's {IPTC}), under Apple's names.
    static let iptc = group(kCGImagePropertyIPTCDictionary, "Iptc.Application2.", [
        "ObjectType", "ObjectAttribute", "ObjectName", "EditStatus", "EditorialUpdate", "Urgency", "Subject", "Category",
        "SuppCategory", "FixtureId", "Keywords", "LocationCode", "LocationName", "ReleaseDate", "ReleaseTime",
        "ExpirationDate", "ExpirationTime", "SpecialInstructions", "ActionAdvised", "ReferenceService", "ReferenceDate",
        "ReferenceNumber", "DateCreated", "TimeCreated", "DigitizationDate", "DigitizationTime", "Program",
        "ProgramVersion", "ObjectCycle", "Byline", "BylineTitle", "City", "SubLocation", "ProvinceState", "CountryCode",
        "CountryName", "TransmissionReference", "Headline", "Credit", "Source", "Copyright", "Contact", "Caption",
        "Writer", "ImageType", "ImageOrientation", "Language",
    ], renamed: [
        "ObjectType": kCGImagePropertyIPTCObjectTypeReference, "ObjectAttribute": kCGImagePropertyIPTCObjectAttributeReference,
        "ObjectName": kCGImagePropertyIPTCObjectName, "EditStatus": kCGImagePropertyIPTCEditStatus,
        "EditorialUpdate": kCGImagePropertyIPTCEditorialUpdate, "Urgency": kCGImagePropertyIPTCUrgency,
        "Subject": kCGImagePropertyIPTCSubjectReference, "Category": kCGImagePropertyIPTCCategory,
        "SuppCategory": kCGImagePropertyIPTCSupplementalCategory, "FixtureId": kCGImagePropertyIPTCFixtureIdentifier,
        "Keywords": kCGImagePropertyIPTCKeywords, "LocationCode": kCGImagePropertyIPTCContentLocationCode,
        "LocationName": kCGImagePropertyIPTCContentLocationName, "ReleaseDate": kCGImagePropertyIPTCReleaseDate,
        "ReleaseTime": kCGImagePropertyIPTCReleaseTime, "ExpirationDate": kCGImagePropertyIPTCExpirationDate,
        "ExpirationTime": kCGImagePropertyIPTCExpirationTime, "SpecialInstructions": kCGImagePropertyIPTCSpecialInstructions,
        "ActionAdvised": kCGImagePropertyIPTCActionAdvised, "ReferenceService": kCGImagePropertyIPTCReferenceService,
        "ReferenceDate": kCGImagePropertyIPTCReferenceDate, "ReferenceNumber": kCGImagePropertyIPTCReferenceNumber,
        "DateCreated": kCGImagePropertyIPTCDateCreated, "TimeCreated": kCGImagePropertyIPTCTimeCreated,
        "DigitizationDate": kCGImagePropertyIPTCDigitalCreationDate, "DigitizationTime": kCGImagePropertyIPTCDigitalCreationTime,
        "Program": kCGImagePropertyIPTCOriginatingProgram, "ProgramVersion": kCGImagePropertyIPTCProgramVersion,
        "ObjectCycle": kCGImagePropertyIPTCObjectCycle, "Byline": kCGImagePropertyIPTCByline,
        "BylineTitle": kCGImagePropertyIPTCBylineTitle, "City": kCGImagePropertyIPTCCity,
        "SubLocation": kCGImagePropertyIPTCSubLocation, "ProvinceState": kCGImagePropertyIPTCProvinceState,
        "CountryCode": kCGImagePropertyIPTCCountryPrimaryLocationCode,
        "CountryName": kCGImagePropertyIPTCCountryPrimaryLocationName,
        "TransmissionReference": kCGImagePropertyIPTCOriginalTransmissionReference,
        "Headline": kCGImagePropertyIPTCHeadline, "Credit": kCGImagePropertyIPTCCredit, "Source": kCGImagePropertyIPTCSource,
        "Copyright": kCGImagePropertyIPTCCopyrightNotice, "Contact": kCGImagePropertyIPTCContact,
        "Caption": kCGImagePropertyIPTCCaptionAbstract, "Writer": kCGImagePropertyIPTCWriterEditor,
        "ImageType": kCGImagePropertyIPTCImageType, "ImageOrientation": kCGImagePropertyIPTCImageOrientation,
        "Language": kCGImagePropertyIPTCLanguageIdentifier,
    ], conversions: Dictionary(uniqueKeysWithValues: [
        "ObjectAttribute", "Subject", "SuppCategory", "Keywords", "LocationCode", "LocationName", "ReferenceService",
        "ReferenceDate", "ReferenceNumber", "Byline", "BylineTitle", "Contact", "Writer",
    ].map { ($0, MetadataConversion.list) }))

    /// Adobe's auxiliary Exif namespace in XMP (Apple's {ExifAux}).
    static let exifAux = group(kCGImagePropertyExifAuxDictionary, "Xmp.aux.", [
        "LensInfo", "Lens", "LensID", "LensSerialNumber", "SerialNumber", "ImageNumber", "FlashCompensation", "OwnerName",
        "Firmware",
    ], renamed: ["Lens": "LensModel"])
}
