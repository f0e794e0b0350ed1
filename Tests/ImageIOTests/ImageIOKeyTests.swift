import CoreGraphics
import Foundation
import ImageIO
import Testing

/// Every constant of Apple's ImageIO headers (CGImageProperties.h, CGImageSource.h,
/// CGImageDestination.h, CGImageMetadata.h, CGImageAnimation.h; names from the iOS 16.4 SDK,
/// values as Apple's ImageIO returns them at run time), bound to `CFString` so that a missing
/// name fails to compile, and compared with Apple's value. Generated from the key list the
/// issue-43 note describes; one test a header section.
@Suite("ImageIO: every key with Apple's value")
struct ImageIOKeyTests {
    @Test func dictionaryKeys() {
        let keys: [(CFString, String)] = [
            (kCGImagePropertyTIFFDictionary, "{TIFF}"),
            (kCGImagePropertyGIFDictionary, "{GIF}"),
            (kCGImagePropertyJFIFDictionary, "{JFIF}"),
            (kCGImagePropertyHEIFDictionary, "{HEIF}"),
            (kCGImagePropertyHEICSDictionary, "{HEICS}"),
            (kCGImagePropertyExifDictionary, "{Exif}"),
            (kCGImagePropertyPNGDictionary, "{PNG}"),
            (kCGImagePropertyIPTCDictionary, "{IPTC}"),
            (kCGImagePropertyGPSDictionary, "{GPS}"),
            (kCGImagePropertyRawDictionary, "{Raw}"),
            (kCGImagePropertyCIFFDictionary, "{CIFF}"),
            (kCGImagePropertyMakerCanonDictionary, "{MakerCanon}"),
            (kCGImagePropertyMakerNikonDictionary, "{MakerNikon}"),
            (kCGImagePropertyMakerMinoltaDictionary, "{MakerMinolta}"),
            (kCGImagePropertyMakerFujiDictionary, "{MakerFuji}"),
            (kCGImagePropertyMakerOlympusDictionary, "{MakerOlympus}"),
            (kCGImagePropertyMakerPentaxDictionary, "{MakerPentax}"),
            (kCGImageProperty8BIMDictionary, "{8BIM}"),
            (kCGImagePropertyDNGDictionary, "{DNG}"),
            (kCGImagePropertyExifAuxDictionary, "{ExifAux}"),
            (kCGImagePropertyOpenEXRDictionary, "{EXR}"),
            (kCGImagePropertyMakerAppleDictionary, "{MakerApple}"),
            (kCGImagePropertyFileContentsDictionary, "{FileContents}"),
            (kCGImagePropertyWebPDictionary, "{WebP}"),
            (kCGImagePropertyTGADictionary, "{TGA}"),
        ]
        for (key, value) in keys { #expect(key == value, "\(value)") }
    }

    @Test func topLevelKeys() {
        let keys: [(CFString, String)] = [
            (kCGImagePropertyFileSize, "FileSize"),
            (kCGImagePropertyPixelHeight, "PixelHeight"),
            (kCGImagePropertyPixelWidth, "PixelWidth"),
            (kCGImagePropertyDPIHeight, "DPIHeight"),
            (kCGImagePropertyDPIWidth, "DPIWidth"),
            (kCGImagePropertyDepth, "Depth"),
            (kCGImagePropertyOrientation, "Orientation"),
            (kCGImagePropertyIsFloat, "IsFloat"),
            (kCGImagePropertyIsIndexed, "IsIndexed"),
            (kCGImagePropertyHasAlpha, "HasAlpha"),
            (kCGImagePropertyColorModel, "ColorModel"),
            (kCGImagePropertyProfileName, "ProfileName"),
            (kCGImagePropertyPrimaryImage, "PrimaryImage"),
            (kCGImagePropertyImageCount, "ImageCount"),
            (kCGImagePropertyWidth, "Width"),
            (kCGImagePropertyHeight, "Height"),
            (kCGImagePropertyBytesPerRow, "BytesPerRow"),
            (kCGImagePropertyNamedColorSpace, "NamedColorSpace"),
            (kCGImagePropertyPixelFormat, "PixelFormat"),
            (kCGImagePropertyImages, "Images"),
            (kCGImagePropertyThumbnailImages, "ThumbnailImages"),
            (kCGImagePropertyAuxiliaryData, "AuxiliaryData"),
            (kCGImagePropertyAuxiliaryDataType, "AuxiliaryDataType"),
            (kCGImagePropertyImageIndex, "ImageIndex"),
        ]
        for (key, value) in keys { #expect(key == value, "\(value)") }
    }

    @Test func colormodelKeys() {
        let keys: [(CFString, String)] = [
            (kCGImagePropertyColorModelRGB, "RGB"),
            (kCGImagePropertyColorModelGray, "Gray"),
            (kCGImagePropertyColorModelCMYK, "CMYK"),
            (kCGImagePropertyColorModelLab, "Lab"),
        ]
        for (key, value) in keys { #expect(key == value, "\(value)") }
    }

    @Test func tiffKeys() {
        let keys: [(CFString, String)] = [
            (kCGImagePropertyTIFFCompression, "Compression"),
            (kCGImagePropertyTIFFPhotometricInterpretation, "PhotometricInterpretation"),
            (kCGImagePropertyTIFFDocumentName, "DocumentName"),
            (kCGImagePropertyTIFFImageDescription, "ImageDescription"),
            (kCGImagePropertyTIFFMake, "Make"),
            (kCGImagePropertyTIFFModel, "Model"),
            (kCGImagePropertyTIFFOrientation, "Orientation"),
            (kCGImagePropertyTIFFXResolution, "XResolution"),
            (kCGImagePropertyTIFFYResolution, "YResolution"),
            (kCGImagePropertyTIFFResolutionUnit, "ResolutionUnit"),
            (kCGImagePropertyTIFFSoftware, "Software"),
            (kCGImagePropertyTIFFTransferFunction, "TransferFunction"),
            (kCGImagePropertyTIFFDateTime, "DateTime"),
            (kCGImagePropertyTIFFArtist, "Artist"),
            (kCGImagePropertyTIFFHostComputer, "HostComputer"),
            (kCGImagePropertyTIFFCopyright, "Copyright"),
            (kCGImagePropertyTIFFWhitePoint, "WhitePoint"),
            (kCGImagePropertyTIFFPrimaryChromaticities, "PrimaryChromaticities"),
            (kCGImagePropertyTIFFTileWidth, "TileWidth"),
            (kCGImagePropertyTIFFTileLength, "TileLength"),
        ]
        for (key, value) in keys { #expect(key == value, "\(value)") }
    }

    @Test func jfifKeys() {
        let keys: [(CFString, String)] = [
            (kCGImagePropertyJFIFVersion, "JFIFVersion"),
            (kCGImagePropertyJFIFXDensity, "XDensity"),
            (kCGImagePropertyJFIFYDensity, "YDensity"),
            (kCGImagePropertyJFIFDensityUnit, "DensityUnit"),
            (kCGImagePropertyJFIFIsProgressive, "IsProgressive"),
        ]
        for (key, value) in keys { #expect(key == value, "\(value)") }
    }

    @Test func heicsKeys() {
        let keys: [(CFString, String)] = [
            (kCGImagePropertyHEICSLoopCount, "LoopCount"),
            (kCGImagePropertyHEICSDelayTime, "DelayTime"),
            (kCGImagePropertyHEICSUnclampedDelayTime, "UnclampedDelayTime"),
            (kCGImagePropertyHEICSCanvasPixelWidth, "CanvasPixelWidth"),
            (kCGImagePropertyHEICSCanvasPixelHeight, "CanvasPixelHeight"),
            (kCGImagePropertyHEICSFrameInfoArray, "FrameInfo"),
        ]
        for (key, value) in keys { #expect(key == value, "\(value)") }
    }

    @Test func exifKeys() {
        let keys: [(CFString, String)] = [
            (kCGImagePropertyExifExposureTime, "ExposureTime"),
            (kCGImagePropertyExifFNumber, "FNumber"),
            (kCGImagePropertyExifExposureProgram, "ExposureProgram"),
            (kCGImagePropertyExifSpectralSensitivity, "SpectralSensitivity"),
            (kCGImagePropertyExifISOSpeedRatings, "ISOSpeedRatings"),
            (kCGImagePropertyExifOECF, "OECF"),
            (kCGImagePropertyExifSensitivityType, "SensitivityType"),
            (kCGImagePropertyExifStandardOutputSensitivity, "StandardOutputSensitivity"),
            (kCGImagePropertyExifRecommendedExposureIndex, "RecommendedExposureIndex"),
            (kCGImagePropertyExifISOSpeed, "ISOSpeed"),
            (kCGImagePropertyExifISOSpeedLatitudeyyy, "ISOSpeedLatitudeyyy"),
            (kCGImagePropertyExifISOSpeedLatitudezzz, "ISOSpeedLatitudezzz"),
            (kCGImagePropertyExifVersion, "ExifVersion"),
            (kCGImagePropertyExifDateTimeOriginal, "DateTimeOriginal"),
            (kCGImagePropertyExifDateTimeDigitized, "DateTimeDigitized"),
            (kCGImagePropertyExifOffsetTime, "OffsetTime"),
            (kCGImagePropertyExifOffsetTimeOriginal, "OffsetTimeOriginal"),
            (kCGImagePropertyExifOffsetTimeDigitized, "OffsetTimeDigitized"),
            (kCGImagePropertyExifComponentsConfiguration, "ComponentsConfiguration"),
            (kCGImagePropertyExifCompressedBitsPerPixel, "CompressedBitsPerPixel"),
            (kCGImagePropertyExifShutterSpeedValue, "ShutterSpeedValue"),
            (kCGImagePropertyExifApertureValue, "ApertureValue"),
            (kCGImagePropertyExifBrightnessValue, "BrightnessValue"),
            (kCGImagePropertyExifExposureBiasValue, "ExposureBiasValue"),
            (kCGImagePropertyExifMaxApertureValue, "MaxApertureValue"),
            (kCGImagePropertyExifSubjectDistance, "SubjectDistance"),
            (kCGImagePropertyExifMeteringMode, "MeteringMode"),
            (kCGImagePropertyExifLightSource, "LightSource"),
            (kCGImagePropertyExifFlash, "Flash"),
            (kCGImagePropertyExifFocalLength, "FocalLength"),
            (kCGImagePropertyExifSubjectArea, "SubjectArea"),
            (kCGImagePropertyExifMakerNote, "MakerNote"),
            (kCGImagePropertyExifUserComment, "UserComment"),
            (kCGImagePropertyExifSubsecTime, "SubsecTime"),
            (kCGImagePropertyExifSubsecTimeOriginal, "SubsecTimeOriginal"),
            (kCGImagePropertyExifSubsecTimeDigitized, "SubsecTimeDigitized"),
            (kCGImagePropertyExifFlashPixVersion, "FlashPixVersion"),
            (kCGImagePropertyExifColorSpace, "ColorSpace"),
            (kCGImagePropertyExifPixelXDimension, "PixelXDimension"),
            (kCGImagePropertyExifPixelYDimension, "PixelYDimension"),
            (kCGImagePropertyExifRelatedSoundFile, "RelatedSoundFile"),
            (kCGImagePropertyExifFlashEnergy, "FlashEnergy"),
            (kCGImagePropertyExifSpatialFrequencyResponse, "SpatialFrequencyResponse"),
            (kCGImagePropertyExifFocalPlaneXResolution, "FocalPlaneXResolution"),
            (kCGImagePropertyExifFocalPlaneYResolution, "FocalPlaneYResolution"),
            (kCGImagePropertyExifFocalPlaneResolutionUnit, "FocalPlaneResolutionUnit"),
            (kCGImagePropertyExifSubjectLocation, "SubjectLocation"),
            (kCGImagePropertyExifExposureIndex, "ExposureIndex"),
            (kCGImagePropertyExifSensingMethod, "SensingMethod"),
            (kCGImagePropertyExifFileSource, "FileSource"),
            (kCGImagePropertyExifSceneType, "SceneType"),
            (kCGImagePropertyExifCFAPattern, "CFAPattern"),
            (kCGImagePropertyExifCustomRendered, "CustomRendered"),
            (kCGImagePropertyExifExposureMode, "ExposureMode"),
            (kCGImagePropertyExifWhiteBalance, "WhiteBalance"),
            (kCGImagePropertyExifDigitalZoomRatio, "DigitalZoomRatio"),
            (kCGImagePropertyExifFocalLenIn35mmFilm, "FocalLenIn35mmFilm"),
            (kCGImagePropertyExifSceneCaptureType, "SceneCaptureType"),
            (kCGImagePropertyExifGainControl, "GainControl"),
            (kCGImagePropertyExifContrast, "Contrast"),
            (kCGImagePropertyExifSaturation, "Saturation"),
            (kCGImagePropertyExifSharpness, "Sharpness"),
            (kCGImagePropertyExifDeviceSettingDescription, "DeviceSettingDescription"),
            (kCGImagePropertyExifSubjectDistRange, "SubjectDistRange"),
            (kCGImagePropertyExifImageUniqueID, "ImageUniqueID"),
            (kCGImagePropertyExifCameraOwnerName, "CameraOwnerName"),
            (kCGImagePropertyExifBodySerialNumber, "BodySerialNumber"),
            (kCGImagePropertyExifLensSpecification, "LensSpecification"),
            (kCGImagePropertyExifLensMake, "LensMake"),
            (kCGImagePropertyExifLensModel, "LensModel"),
            (kCGImagePropertyExifLensSerialNumber, "LensSerialNumber"),
            (kCGImagePropertyExifGamma, "Gamma"),
            (kCGImagePropertyExifCompositeImage, "CompositeImage"),
            (kCGImagePropertyExifSourceImageNumberOfCompositeImage, "SourceImageNumberOfCompositeImage"),
            (kCGImagePropertyExifSourceExposureTimesOfCompositeImage, "SourceExposureTimesOfCompositeImage"),
            (kCGImagePropertyExifSubsecTimeOrginal, "SubsecTimeOriginal"),
        ]
        for (key, value) in keys { #expect(key == value, "\(value)") }
    }

    @Test func exifauxKeys() {
        let keys: [(CFString, String)] = [
            (kCGImagePropertyExifAuxLensInfo, "LensInfo"),
            (kCGImagePropertyExifAuxLensModel, "LensModel"),
            (kCGImagePropertyExifAuxSerialNumber, "SerialNumber"),
            (kCGImagePropertyExifAuxLensID, "LensID"),
            (kCGImagePropertyExifAuxLensSerialNumber, "LensSerialNumber"),
            (kCGImagePropertyExifAuxImageNumber, "ImageNumber"),
            (kCGImagePropertyExifAuxFlashCompensation, "FlashCompensation"),
            (kCGImagePropertyExifAuxOwnerName, "OwnerName"),
            (kCGImagePropertyExifAuxFirmware, "Firmware"),
        ]
        for (key, value) in keys { #expect(key == value, "\(value)") }
    }

    @Test func gifKeys() {
        let keys: [(CFString, String)] = [
            (kCGImagePropertyGIFLoopCount, "LoopCount"),
            (kCGImagePropertyGIFDelayTime, "DelayTime"),
            (kCGImagePropertyGIFImageColorMap, "ImageColorMap"),
            (kCGImagePropertyGIFHasGlobalColorMap, "HasGlobalColorMap"),
            (kCGImagePropertyGIFUnclampedDelayTime, "UnclampedDelayTime"),
            (kCGImagePropertyGIFCanvasPixelWidth, "CanvasPixelWidth"),
            (kCGImagePropertyGIFCanvasPixelHeight, "CanvasPixelHeight"),
            (kCGImagePropertyGIFFrameInfoArray, "FrameInfo"),
        ]
        for (key, value) in keys { #expect(key == value, "\(value)") }
    }

    @Test func pngKeys() {
        let keys: [(CFString, String)] = [
            (kCGImagePropertyPNGAuthor, "Author"),
            (kCGImagePropertyPNGChromaticities, "Chromaticities"),
            (kCGImagePropertyPNGComment, "Comment"),
            (kCGImagePropertyPNGCopyright, "Copyright"),
            (kCGImagePropertyPNGCreationTime, "Creation Time"),
            (kCGImagePropertyPNGDescription, "Description"),
            (kCGImagePropertyPNGDisclaimer, "Disclaimer"),
            (kCGImagePropertyPNGGamma, "Gamma"),
            (kCGImagePropertyPNGInterlaceType, "InterlaceType"),
            (kCGImagePropertyPNGModificationTime, "ModificationTime"),
            (kCGImagePropertyPNGSoftware, "Software"),
            (kCGImagePropertyPNGSource, "Source"),
            (kCGImagePropertyPNGsRGBIntent, "sRGBIntent"),
            (kCGImagePropertyPNGTitle, "Title"),
            (kCGImagePropertyPNGWarning, "Warning"),
            (kCGImagePropertyPNGXPixelsPerMeter, "XPixelsPerMeter"),
            (kCGImagePropertyPNGYPixelsPerMeter, "YPixelsPerMeter"),
            (kCGImagePropertyPNGPixelsAspectRatio, "PixelAspectRatio"),
            (kCGImagePropertyPNGCompressionFilter, "kCGImagePropertyPNGCompressionFilter"),
            (kCGImagePropertyPNGTransparency, "kCGImagePropertyPNGTransparency"),
        ]
        for (key, value) in keys { #expect(key == value, "\(value)") }
    }

    @Test func apngKeys() {
        let keys: [(CFString, String)] = [
            (kCGImagePropertyAPNGLoopCount, "LoopCount"),
            (kCGImagePropertyAPNGDelayTime, "DelayTime"),
            (kCGImagePropertyAPNGUnclampedDelayTime, "UnclampedDelayTime"),
            (kCGImagePropertyAPNGFrameInfoArray, "FrameInfo"),
            (kCGImagePropertyAPNGCanvasPixelWidth, "CanvasPixelWidth"),
            (kCGImagePropertyAPNGCanvasPixelHeight, "CanvasPixelHeight"),
        ]
        for (key, value) in keys { #expect(key == value, "\(value)") }
    }

    @Test func webpKeys() {
        let keys: [(CFString, String)] = [
            (kCGImagePropertyWebPLoopCount, "LoopCount"),
            (kCGImagePropertyWebPDelayTime, "DelayTime"),
            (kCGImagePropertyWebPUnclampedDelayTime, "UnclampedDelayTime"),
            (kCGImagePropertyWebPFrameInfoArray, "FrameInfo"),
            (kCGImagePropertyWebPCanvasPixelWidth, "CanvasPixelWidth"),
            (kCGImagePropertyWebPCanvasPixelHeight, "CanvasPixelHeight"),
        ]
        for (key, value) in keys { #expect(key == value, "\(value)") }
    }

    @Test func gpsKeys() {
        let keys: [(CFString, String)] = [
            (kCGImagePropertyGPSVersion, "GPSVersion"),
            (kCGImagePropertyGPSLatitudeRef, "LatitudeRef"),
            (kCGImagePropertyGPSLatitude, "Latitude"),
            (kCGImagePropertyGPSLongitudeRef, "LongitudeRef"),
            (kCGImagePropertyGPSLongitude, "Longitude"),
            (kCGImagePropertyGPSAltitudeRef, "AltitudeRef"),
            (kCGImagePropertyGPSAltitude, "Altitude"),
            (kCGImagePropertyGPSTimeStamp, "TimeStamp"),
            (kCGImagePropertyGPSSatellites, "Satellites"),
            (kCGImagePropertyGPSStatus, "Status"),
            (kCGImagePropertyGPSMeasureMode, "MeasureMode"),
            (kCGImagePropertyGPSDOP, "DOP"),
            (kCGImagePropertyGPSSpeedRef, "SpeedRef"),
            (kCGImagePropertyGPSSpeed, "Speed"),
            (kCGImagePropertyGPSTrackRef, "TrackRef"),
            (kCGImagePropertyGPSTrack, "Track"),
            (kCGImagePropertyGPSImgDirectionRef, "ImgDirectionRef"),
            (kCGImagePropertyGPSImgDirection, "ImgDirection"),
            (kCGImagePropertyGPSMapDatum, "MapDatum"),
            (kCGImagePropertyGPSDestLatitudeRef, "DestLatitudeRef"),
            (kCGImagePropertyGPSDestLatitude, "DestLatitude"),
            (kCGImagePropertyGPSDestLongitudeRef, "DestLongitudeRef"),
            (kCGImagePropertyGPSDestLongitude, "DestLongitude"),
            (kCGImagePropertyGPSDestBearingRef, "DestBearingRef"),
            (kCGImagePropertyGPSDestBearing, "DestBearing"),
            (kCGImagePropertyGPSDestDistanceRef, "DestDistanceRef"),
            (kCGImagePropertyGPSDestDistance, "DestDistance"),
            (kCGImagePropertyGPSProcessingMethod, "ProcessingMethod"),
            (kCGImagePropertyGPSAreaInformation, "AreaInformation"),
            (kCGImagePropertyGPSDateStamp, "DateStamp"),
            (kCGImagePropertyGPSDifferental, "Differential"),
            (kCGImagePropertyGPSHPositioningError, "HPositioningError"),
        ]
        for (key, value) in keys { #expect(key == value, "\(value)") }
    }

    @Test func iptcKeys() {
        let keys: [(CFString, String)] = [
            (kCGImagePropertyIPTCObjectTypeReference, "ObjectTypeReference"),
            (kCGImagePropertyIPTCObjectAttributeReference, "ObjectAttributeReference"),
            (kCGImagePropertyIPTCObjectName, "ObjectName"),
            (kCGImagePropertyIPTCEditStatus, "EditStatus"),
            (kCGImagePropertyIPTCEditorialUpdate, "EditorialUpdate"),
            (kCGImagePropertyIPTCUrgency, "Urgency"),
            (kCGImagePropertyIPTCSubjectReference, "SubjectReference"),
            (kCGImagePropertyIPTCCategory, "Category"),
            (kCGImagePropertyIPTCSupplementalCategory, "SupplementalCategory"),
            (kCGImagePropertyIPTCFixtureIdentifier, "FixtureIdentifier"),
            (kCGImagePropertyIPTCKeywords, "Keywords"),
            (kCGImagePropertyIPTCContentLocationCode, "ContentLocationCode"),
            (kCGImagePropertyIPTCContentLocationName, "ContentLocationName"),
            (kCGImagePropertyIPTCReleaseDate, "ReleaseDate"),
            (kCGImagePropertyIPTCReleaseTime, "ReleaseTime"),
            (kCGImagePropertyIPTCExpirationDate, "ExpirationDate"),
            (kCGImagePropertyIPTCExpirationTime, "ExpirationTime"),
            (kCGImagePropertyIPTCSpecialInstructions, "SpecialInstructions"),
            (kCGImagePropertyIPTCActionAdvised, "ActionAdvised"),
            (kCGImagePropertyIPTCReferenceService, "ReferenceService"),
            (kCGImagePropertyIPTCReferenceDate, "ReferenceDate"),
            (kCGImagePropertyIPTCReferenceNumber, "ReferenceNumber"),
            (kCGImagePropertyIPTCDateCreated, "DateCreated"),
            (kCGImagePropertyIPTCTimeCreated, "TimeCreated"),
            (kCGImagePropertyIPTCDigitalCreationDate, "DigitalCreationDate"),
            (kCGImagePropertyIPTCDigitalCreationTime, "DigitalCreationTime"),
            (kCGImagePropertyIPTCOriginatingProgram, "OriginatingProgram"),
            (kCGImagePropertyIPTCProgramVersion, "ProgramVersion"),
            (kCGImagePropertyIPTCObjectCycle, "ObjectCycle"),
            (kCGImagePropertyIPTCByline, "Byline"),
            (kCGImagePropertyIPTCBylineTitle, "BylineTitle"),
            (kCGImagePropertyIPTCCity, "City"),
            (kCGImagePropertyIPTCSubLocation, "SubLocation"),
            (kCGImagePropertyIPTCProvinceState, "Province/State"),
            (kCGImagePropertyIPTCCountryPrimaryLocationCode, "Country/PrimaryLocationCode"),
            (kCGImagePropertyIPTCCountryPrimaryLocationName, "Country/PrimaryLocationName"),
            (kCGImagePropertyIPTCOriginalTransmissionReference, "OriginalTransmissionReference"),
            (kCGImagePropertyIPTCHeadline, "Headline"),
            (kCGImagePropertyIPTCCredit, "Credit"),
            (kCGImagePropertyIPTCSource, "Source"),
            (kCGImagePropertyIPTCCopyrightNotice, "CopyrightNotice"),
            (kCGImagePropertyIPTCContact, "Contact"),
            (kCGImagePropertyIPTCCaptionAbstract, "Caption/Abstract"),
            (kCGImagePropertyIPTCWriterEditor, "Writer/Editor"),
            (kCGImagePropertyIPTCImageType, "ImageType"),
            (kCGImagePropertyIPTCImageOrientation, "ImageOrientation"),
            (kCGImagePropertyIPTCLanguageIdentifier, "LanguageIdentifier"),
            (kCGImagePropertyIPTCStarRating, "StarRating"),
            (kCGImagePropertyIPTCCreatorContactInfo, "CreatorContactInfo"),
            (kCGImagePropertyIPTCRightsUsageTerms, "UsageTerms"),
            (kCGImagePropertyIPTCScene, "Scene"),
        ]
        for (key, value) in keys { #expect(key == value, "\(value)") }
    }

    @Test func iptcextKeys() {
        let keys: [(CFString, String)] = [
            (kCGImagePropertyIPTCExtAboutCvTerm, "AboutCvTerm"),
            (kCGImagePropertyIPTCExtAboutCvTermCvId, "AboutCvTermCvId"),
            (kCGImagePropertyIPTCExtAboutCvTermId, "AboutCvTermId"),
            (kCGImagePropertyIPTCExtAboutCvTermName, "AboutCvTermName"),
            (kCGImagePropertyIPTCExtAboutCvTermRefinedAbout, "AboutCvTermRefinedAbout"),
            (kCGImagePropertyIPTCExtAddlModelInfo, "AddlModelInfo"),
            (kCGImagePropertyIPTCExtArtworkOrObject, "ArtworkOrObject"),
            (kCGImagePropertyIPTCExtArtworkCircaDateCreated, "ArtworkCircaDateCreated"),
            (kCGImagePropertyIPTCExtArtworkContentDescription, "ArtworkContentDescription"),
            (kCGImagePropertyIPTCExtArtworkContributionDescription, "ArtworkContributionDescription"),
            (kCGImagePropertyIPTCExtArtworkCopyrightNotice, "ArtworkCopyrightNotice"),
            (kCGImagePropertyIPTCExtArtworkCreator, "ArtworkCreator"),
            (kCGImagePropertyIPTCExtArtworkCreatorID, "ArtworkCreatorID"),
            (kCGImagePropertyIPTCExtArtworkCopyrightOwnerID, "ArtworkCopyrightOwnerID"),
            (kCGImagePropertyIPTCExtArtworkCopyrightOwnerName, "ArtworkCopyrightOwnerName"),
            (kCGImagePropertyIPTCExtArtworkLicensorID, "ArtworkLicensorID"),
            (kCGImagePropertyIPTCExtArtworkLicensorName, "ArtworkLicensorName"),
            (kCGImagePropertyIPTCExtArtworkDateCreated, "ArtworkDateCreated"),
            (kCGImagePropertyIPTCExtArtworkPhysicalDescription, "ArtworkPhysicalDescription"),
            (kCGImagePropertyIPTCExtArtworkSource, "ArtworkSource"),
            (kCGImagePropertyIPTCExtArtworkSourceInventoryNo, "ArtworkSourceInventoryNo"),
            (kCGImagePropertyIPTCExtArtworkSourceInvURL, "ArtworkSourceInvURL"),
            (kCGImagePropertyIPTCExtArtworkStylePeriod, "ArtworkStylePeriod"),
            (kCGImagePropertyIPTCExtArtworkTitle, "ArtworkTitle"),
            (kCGImagePropertyIPTCExtAudioBitrate, "AudioBitrate"),
            (kCGImagePropertyIPTCExtAudioBitrateMode, "AudioBitrateMode"),
            (kCGImagePropertyIPTCExtAudioChannelCount, "AudioChannelCount"),
            (kCGImagePropertyIPTCExtCircaDateCreated, "CircaDateCreated"),
            (kCGImagePropertyIPTCExtContainerFormat, "ContainerFormat"),
            (kCGImagePropertyIPTCExtContainerFormatIdentifier, "ContainerFormatIdentifier"),
            (kCGImagePropertyIPTCExtContainerFormatName, "ContainerFormatName"),
            (kCGImagePropertyIPTCExtContributor, "Contributor"),
            (kCGImagePropertyIPTCExtContributorIdentifier, "ContributorIdentifier"),
            (kCGImagePropertyIPTCExtContributorName, "ContributorName"),
            (kCGImagePropertyIPTCExtContributorRole, "ContributorRole"),
            (kCGImagePropertyIPTCExtCopyrightYear, "CopyrightYear"),
            (kCGImagePropertyIPTCExtCreator, "Creator"),
            (kCGImagePropertyIPTCExtCreatorIdentifier, "CreatorIdentifier"),
            (kCGImagePropertyIPTCExtCreatorName, "CreatorName"),
            (kCGImagePropertyIPTCExtCreatorRole, "CreatorRole"),
            (kCGImagePropertyIPTCExtControlledVocabularyTerm, "ControlledVocabularyTerm"),
            (kCGImagePropertyIPTCExtDataOnScreen, "DataOnScreen"),
            (kCGImagePropertyIPTCExtDataOnScreenRegion, "DataOnScreenRegion"),
            (kCGImagePropertyIPTCExtDataOnScreenRegionD, "DataOnScreenRegionD"),
            (kCGImagePropertyIPTCExtDataOnScreenRegionH, "DataOnScreenRegionH"),
            (kCGImagePropertyIPTCExtDataOnScreenRegionText, "DataOnScreenRegionText"),
            (kCGImagePropertyIPTCExtDataOnScreenRegionUnit, "DataOnScreenRegionUnit"),
            (kCGImagePropertyIPTCExtDataOnScreenRegionW, "DataOnScreenRegionW"),
            (kCGImagePropertyIPTCExtDataOnScreenRegionX, "DataOnScreenRegionX"),
            (kCGImagePropertyIPTCExtDataOnScreenRegionY, "DataOnScreenRegionY"),
            (kCGImagePropertyIPTCExtDigitalImageGUID, "DigitalImageGUID"),
            (kCGImagePropertyIPTCExtDigitalSourceFileType, "DigitalSourceFileType"),
            (kCGImagePropertyIPTCExtDigitalSourceType, "DigitalSourceType"),
            (kCGImagePropertyIPTCExtDopesheet, "Dopesheet"),
            (kCGImagePropertyIPTCExtDopesheetLink, "DopesheetLink"),
            (kCGImagePropertyIPTCExtDopesheetLinkLink, "DopesheetLinkLink"),
            (kCGImagePropertyIPTCExtDopesheetLinkLinkQualifier, "DopesheetLinkLinkQualifier"),
            (kCGImagePropertyIPTCExtEmbdEncRightsExpr, "EmbdEncRightsExpr"),
            (kCGImagePropertyIPTCExtEmbeddedEncodedRightsExpr, "EmbeddedEncodedRightsExpr"),
            (kCGImagePropertyIPTCExtEmbeddedEncodedRightsExprType, "EmbeddedEncodedRightsExprType"),
            (kCGImagePropertyIPTCExtEmbeddedEncodedRightsExprLangID, "EmbeddedEncodedRightsExprLangID"),
            (kCGImagePropertyIPTCExtEpisode, "Episode"),
            (kCGImagePropertyIPTCExtEpisodeIdentifier, "EpisodeIdentifier"),
            (kCGImagePropertyIPTCExtEpisodeName, "EpisodeName"),
            (kCGImagePropertyIPTCExtEpisodeNumber, "EpisodeNumber"),
            (kCGImagePropertyIPTCExtEvent, "Event"),
            (kCGImagePropertyIPTCExtShownEvent, "ShownEvent"),
            (kCGImagePropertyIPTCExtShownEventIdentifier, "ShownEventIdentifier"),
            (kCGImagePropertyIPTCExtShownEventName, "ShownEventName"),
            (kCGImagePropertyIPTCExtExternalMetadataLink, "ExternalMetadataLink"),
            (kCGImagePropertyIPTCExtFeedIdentifier, "FeedIdentifier"),
            (kCGImagePropertyIPTCExtGenre, "Genre"),
            (kCGImagePropertyIPTCExtGenreCvId, "GenreCvId"),
            (kCGImagePropertyIPTCExtGenreCvTermId, "GenreCvTermId"),
            (kCGImagePropertyIPTCExtGenreCvTermName, "GenreCvTermName"),
            (kCGImagePropertyIPTCExtGenreCvTermRefinedAbout, "GenreCvTermRefinedAbout"),
            (kCGImagePropertyIPTCExtHeadline, "Headline"),
            (kCGImagePropertyIPTCExtIPTCLastEdited, "IPTCLastEdited"),
            (kCGImagePropertyIPTCExtLinkedEncRightsExpr, "LinkedEncRightsExpr"),
            (kCGImagePropertyIPTCExtLinkedEncodedRightsExpr, "LinkedEncodedRightsExpr"),
            (kCGImagePropertyIPTCExtLinkedEncodedRightsExprType, "LinkedEncodedRightsExprType"),
            (kCGImagePropertyIPTCExtLinkedEncodedRightsExprLangID, "LinkedEncodedRightsExprLangID"),
            (kCGImagePropertyIPTCExtLocationCreated, "LocationCreated"),
            (kCGImagePropertyIPTCExtLocationCity, "City"),
            (kCGImagePropertyIPTCExtLocationCountryCode, "CountryCode"),
            (kCGImagePropertyIPTCExtLocationCountryName, "CountryName"),
            (kCGImagePropertyIPTCExtLocationGPSAltitude, "GPSAltitude"),
            (kCGImagePropertyIPTCExtLocationGPSLatitude, "GPSLatitude"),
            (kCGImagePropertyIPTCExtLocationGPSLongitude, "GPSLongitude"),
            (kCGImagePropertyIPTCExtLocationIdentifier, "Identifier"),
            (kCGImagePropertyIPTCExtLocationLocationId, "LocationId"),
            (kCGImagePropertyIPTCExtLocationLocationName, "LocationName"),
            (kCGImagePropertyIPTCExtLocationProvinceState, "ProvinceState"),
            (kCGImagePropertyIPTCExtLocationSublocation, "Sublocation"),
            (kCGImagePropertyIPTCExtLocationWorldRegion, "WorldRegion"),
            (kCGImagePropertyIPTCExtLocationShown, "LocationShown"),
            (kCGImagePropertyIPTCExtMaxAvailHeight, "MaxAvailHeight"),
            (kCGImagePropertyIPTCExtMaxAvailWidth, "MaxAvailWidth"),
            (kCGImagePropertyIPTCExtModelAge, "ModelAge"),
            (kCGImagePropertyIPTCExtOrganisationInImageCode, "OrganisationInImageCode"),
            (kCGImagePropertyIPTCExtOrganisationInImageName, "OrganisationInImageName"),
            (kCGImagePropertyIPTCExtPersonHeard, "PersonHeard"),
            (kCGImagePropertyIPTCExtPersonHeardIdentifier, "PersonHeardIdentifier"),
            (kCGImagePropertyIPTCExtPersonHeardName, "PersonHeardName"),
            (kCGImagePropertyIPTCExtPersonInImage, "PersonInImage"),
            (kCGImagePropertyIPTCExtPersonInImageWDetails, "PersonInImageWDetails"),
            (kCGImagePropertyIPTCExtPersonInImageCharacteristic, "PersonInImageCharacteristic"),
            (kCGImagePropertyIPTCExtPersonInImageCvTermCvId, "PersonInImageCvTermCvId"),
            (kCGImagePropertyIPTCExtPersonInImageCvTermId, "PersonInImageCvTermId"),
            (kCGImagePropertyIPTCExtPersonInImageCvTermName, "PersonInImageCvTermName"),
            (kCGImagePropertyIPTCExtPersonInImageCvTermRefinedAbout, "PersonInImageCvTermRefinedAbout"),
            (kCGImagePropertyIPTCExtPersonInImageDescription, "PersonInImageDescription"),
            (kCGImagePropertyIPTCExtPersonInImageId, "PersonInImageId"),
            (kCGImagePropertyIPTCExtPersonInImageName, "PersonInImageName"),
            (kCGImagePropertyIPTCExtProductInImage, "ProductInImage"),
            (kCGImagePropertyIPTCExtProductInImageDescription, "ProductInImageDescription"),
            (kCGImagePropertyIPTCExtProductInImageGTIN, "ProductInImageGTIN"),
            (kCGImagePropertyIPTCExtProductInImageName, "ProductInImageName"),
            (kCGImagePropertyIPTCExtPublicationEvent, "PublicationEvent"),
            (kCGImagePropertyIPTCExtPublicationEventDate, "PublicationEventDate"),
            (kCGImagePropertyIPTCExtPublicationEventIdentifier, "PublicationEventIdentifier"),
            (kCGImagePropertyIPTCExtPublicationEventName, "PublicationEventName"),
            (kCGImagePropertyIPTCExtRating, "Rating"),
            (kCGImagePropertyIPTCExtRatingRatingRegion, "RatingRatingRegion"),
            (kCGImagePropertyIPTCExtRatingRegionCity, "RatingRegionCity"),
            (kCGImagePropertyIPTCExtRatingRegionCountryCode, "RatingRegionCountryCode"),
            (kCGImagePropertyIPTCExtRatingRegionCountryName, "RatingRegionCountryName"),
            (kCGImagePropertyIPTCExtRatingRegionGPSAltitude, "RatingRegionGPSAltitude"),
            (kCGImagePropertyIPTCExtRatingRegionGPSLatitude, "RatingRegionGPSLatitude"),
            (kCGImagePropertyIPTCExtRatingRegionGPSLongitude, "RatingRegionGPSLongitude"),
            (kCGImagePropertyIPTCExtRatingRegionIdentifier, "RatingRegionIdentifier"),
            (kCGImagePropertyIPTCExtRatingRegionLocationId, "RatingRegionLocationId"),
            (kCGImagePropertyIPTCExtRatingRegionLocationName, "RatingRegionLocationName"),
            (kCGImagePropertyIPTCExtRatingRegionProvinceState, "RatingRegionProvinceState"),
            (kCGImagePropertyIPTCExtRatingRegionSublocation, "RatingRegionSublocation"),
            (kCGImagePropertyIPTCExtRatingRegionWorldRegion, "RatingRegionWorldRegion"),
            (kCGImagePropertyIPTCExtRatingScaleMaxValue, "RatingScaleMaxValue"),
            (kCGImagePropertyIPTCExtRatingScaleMinValue, "RatingScaleMinValue"),
            (kCGImagePropertyIPTCExtRatingSourceLink, "RatingSourceLink"),
            (kCGImagePropertyIPTCExtRatingValue, "RatingValue"),
            (kCGImagePropertyIPTCExtRatingValueLogoLink, "RatingValueLogoLink"),
            (kCGImagePropertyIPTCExtRegistryID, "RegistryID"),
            (kCGImagePropertyIPTCExtRegistryEntryRole, "RegistryEntryRole"),
            (kCGImagePropertyIPTCExtRegistryItemID, "RegistryItemID"),
            (kCGImagePropertyIPTCExtRegistryOrganisationID, "RegistryOrganisationID"),
            (kCGImagePropertyIPTCExtReleaseReady, "ReleaseReady"),
            (kCGImagePropertyIPTCExtSeason, "Season"),
            (kCGImagePropertyIPTCExtSeasonIdentifier, "SeasonIdentifier"),
            (kCGImagePropertyIPTCExtSeasonName, "SeasonName"),
            (kCGImagePropertyIPTCExtSeasonNumber, "SeasonNumber"),
            (kCGImagePropertyIPTCExtSeries, "Series"),
            (kCGImagePropertyIPTCExtSeriesIdentifier, "SeriesIdentifier"),
            (kCGImagePropertyIPTCExtSeriesName, "SeriesName"),
            (kCGImagePropertyIPTCExtStorylineIdentifier, "StorylineIdentifier"),
            (kCGImagePropertyIPTCExtStreamReady, "StreamReady"),
            (kCGImagePropertyIPTCExtStylePeriod, "StylePeriod"),
            (kCGImagePropertyIPTCExtSupplyChainSource, "SupplyChainSource"),
            (kCGImagePropertyIPTCExtSupplyChainSourceIdentifier, "SupplyChainSourceIdentifier"),
            (kCGImagePropertyIPTCExtSupplyChainSourceName, "SupplyChainSourceName"),
            (kCGImagePropertyIPTCExtTemporalCoverage, "TemporalCoverage"),
            (kCGImagePropertyIPTCExtTemporalCoverageFrom, "TemporalCoverageFrom"),
            (kCGImagePropertyIPTCExtTemporalCoverageTo, "TemporalCoverageTo"),
            (kCGImagePropertyIPTCExtTranscript, "Transcript"),
            (kCGImagePropertyIPTCExtTranscriptLink, "TranscriptLink"),
            (kCGImagePropertyIPTCExtTranscriptLinkLink, "TranscriptLinkLink"),
            (kCGImagePropertyIPTCExtTranscriptLinkLinkQualifier, "TranscriptLinkLinkQualifier"),
            (kCGImagePropertyIPTCExtVideoBitrate, "VideoBitrate"),
            (kCGImagePropertyIPTCExtVideoBitrateMode, "VideoBitrateMode"),
            (kCGImagePropertyIPTCExtVideoDisplayAspectRatio, "VideoDisplayAspectRatio"),
            (kCGImagePropertyIPTCExtVideoEncodingProfile, "VideoEncodingProfile"),
            (kCGImagePropertyIPTCExtVideoShotType, "VideoShotType"),
            (kCGImagePropertyIPTCExtVideoShotTypeIdentifier, "VideoShotTypeIdentifier"),
            (kCGImagePropertyIPTCExtVideoShotTypeName, "VideoShotTypeName"),
            (kCGImagePropertyIPTCExtVideoStreamsCount, "VideoStreamsCount"),
            (kCGImagePropertyIPTCExtVisualColor, "VisualColor"),
            (kCGImagePropertyIPTCExtWorkflowTag, "WorkflowTag"),
            (kCGImagePropertyIPTCExtWorkflowTagCvId, "WorkflowTagCvId"),
            (kCGImagePropertyIPTCExtWorkflowTagCvTermId, "WorkflowTagCvTermId"),
            (kCGImagePropertyIPTCExtWorkflowTagCvTermName, "WorkflowTagCvTermName"),
            (kCGImagePropertyIPTCExtWorkflowTagCvTermRefinedAbout, "WorkflowTagCvTermRefinedAbout"),
        ]
        for (key, value) in keys { #expect(key == value, "\(value)") }
    }

    @Test func iptccontactKeys() {
        let keys: [(CFString, String)] = [
            (kCGImagePropertyIPTCContactInfoCity, "CiAdrCity"),
            (kCGImagePropertyIPTCContactInfoCountry, "CiAdrCtry"),
            (kCGImagePropertyIPTCContactInfoAddress, "CiAdrExtadr"),
            (kCGImagePropertyIPTCContactInfoPostalCode, "CiAdrPcode"),
            (kCGImagePropertyIPTCContactInfoStateProvince, "CiAdrRegion"),
            (kCGImagePropertyIPTCContactInfoEmails, "CiEmailWork"),
            (kCGImagePropertyIPTCContactInfoPhones, "CiTelWork"),
            (kCGImagePropertyIPTCContactInfoWebURLs, "CiUrlWork"),
        ]
        for (key, value) in keys { #expect(key == value, "\(value)") }
    }

    @Test func eightBIMKeys() {
        let keys: [(CFString, String)] = [
            (kCGImageProperty8BIMLayerNames, "LayerNames"),
            (kCGImageProperty8BIMVersion, "Version"),
        ]
        for (key, value) in keys { #expect(key == value, "\(value)") }
    }

    @Test func dngKeys() {
        let keys: [(CFString, String)] = [
            (kCGImagePropertyDNGVersion, "DNGVersion"),
            (kCGImagePropertyDNGBackwardVersion, "DNGBackwardVersion"),
            (kCGImagePropertyDNGUniqueCameraModel, "UniqueCameraModel"),
            (kCGImagePropertyDNGLocalizedCameraModel, "LocalizedCameraModel"),
            (kCGImagePropertyDNGCameraSerialNumber, "CameraSerialNumber"),
            (kCGImagePropertyDNGLensInfo, "LensInfo"),
            (kCGImagePropertyDNGBlackLevel, "BlackLevel"),
            (kCGImagePropertyDNGWhiteLevel, "WhiteLevel"),
            (kCGImagePropertyDNGCalibrationIlluminant1, "CalibrationIlluminant1"),
            (kCGImagePropertyDNGCalibrationIlluminant2, "CalibrationIlluminant2"),
            (kCGImagePropertyDNGColorMatrix1, "ColorMatrix1"),
            (kCGImagePropertyDNGColorMatrix2, "ColorMatrix2"),
            (kCGImagePropertyDNGCameraCalibration1, "CameraCalibration1"),
            (kCGImagePropertyDNGCameraCalibration2, "CameraCalibration2"),
            (kCGImagePropertyDNGAsShotNeutral, "AsShotNeutral"),
            (kCGImagePropertyDNGAsShotWhiteXY, "AsShotWhiteXY"),
            (kCGImagePropertyDNGBaselineExposure, "BaselineExposure"),
            (kCGImagePropertyDNGBaselineNoise, "BaselineNoise"),
            (kCGImagePropertyDNGBaselineSharpness, "BaselineSharpness"),
            (kCGImagePropertyDNGPrivateData, "DNGPrivateData"),
            (kCGImagePropertyDNGCameraCalibrationSignature, "CameraCalibrationSignature"),
            (kCGImagePropertyDNGProfileCalibrationSignature, "ProfileCalibrationSignature"),
            (kCGImagePropertyDNGNoiseProfile, "NoiseProfile"),
            (kCGImagePropertyDNGWarpRectilinear, "WarpRectilinear"),
            (kCGImagePropertyDNGWarpFisheye, "WarpFisheye"),
            (kCGImagePropertyDNGFixVignetteRadial, "FixVignetteRadial"),
            (kCGImagePropertyDNGActiveArea, "ActiveArea"),
            (kCGImagePropertyDNGAnalogBalance, "AnalogBalance"),
            (kCGImagePropertyDNGAntiAliasStrength, "AntiAliasStrength"),
            (kCGImagePropertyDNGAsShotICCProfile, "AsShotICCProfile"),
            (kCGImagePropertyDNGAsShotPreProfileMatrix, "AsShotPreProfileMatrix"),
            (kCGImagePropertyDNGAsShotProfileName, "AsShotProfileName"),
            (kCGImagePropertyDNGBaselineExposureOffset, "BaselineExposureOffset"),
            (kCGImagePropertyDNGBayerGreenSplit, "BayerGreenSplit"),
            (kCGImagePropertyDNGBestQualityScale, "BestQualityScale"),
            (kCGImagePropertyDNGBlackLevelDeltaH, "BlackLevelDeltaH"),
            (kCGImagePropertyDNGBlackLevelDeltaV, "BlackLevelDeltaV"),
            (kCGImagePropertyDNGBlackLevelRepeatDim, "BlackLevelRepeatDim"),
            (kCGImagePropertyDNGCFALayout, "CFALayout"),
            (kCGImagePropertyDNGCFAPlaneColor, "CFAPlaneColor"),
            (kCGImagePropertyDNGChromaBlurRadius, "ChromaBlurRadius"),
            (kCGImagePropertyDNGColorimetricReference, "ColorimetricReference"),
            (kCGImagePropertyDNGCurrentICCProfile, "CurrentICCProfile"),
            (kCGImagePropertyDNGCurrentPreProfileMatrix, "CurrentPreProfileMatrix"),
            (kCGImagePropertyDNGDefaultBlackRender, "DefaultBlackRender"),
            (kCGImagePropertyDNGDefaultCropOrigin, "DefaultCropOrigin"),
            (kCGImagePropertyDNGDefaultCropSize, "DefaultCropSize"),
            (kCGImagePropertyDNGDefaultScale, "DefaultScale"),
            (kCGImagePropertyDNGDefaultUserCrop, "DefaultUserCrop"),
            (kCGImagePropertyDNGExtraCameraProfiles, "ExtraCameraProfiles"),
            (kCGImagePropertyDNGForwardMatrix1, "ForwardMatrix1"),
            (kCGImagePropertyDNGForwardMatrix2, "ForwardMatrix2"),
            (kCGImagePropertyDNGLinearizationTable, "LinearizationTable"),
            (kCGImagePropertyDNGLinearResponseLimit, "LinearResponseLimit"),
            (kCGImagePropertyDNGMakerNoteSafety, "MakerNoteSafety"),
            (kCGImagePropertyDNGMaskedAreas, "MaskedAreas"),
            (kCGImagePropertyDNGNewRawImageDigest, "NewRawImageDigest"),
            (kCGImagePropertyDNGNoiseReductionApplied, "NoiseReductionApplied"),
            (kCGImagePropertyDNGOpcodeList1, "OpcodeList1"),
            (kCGImagePropertyDNGOpcodeList2, "DNGOpcodeList2"),
            (kCGImagePropertyDNGOpcodeList3, "DNGOpcodeList3"),
            (kCGImagePropertyDNGOriginalBestQualityFinalSize, "OriginalBestQualityFinalSize"),
            (kCGImagePropertyDNGOriginalDefaultCropSize, "OriginalDefaultCropSize"),
            (kCGImagePropertyDNGOriginalDefaultFinalSize, "OriginalDefaultFinalSize"),
            (kCGImagePropertyDNGOriginalRawFileData, "OriginalRawFileData"),
            (kCGImagePropertyDNGOriginalRawFileDigest, "OriginalRawFileDigest"),
            (kCGImagePropertyDNGOriginalRawFileName, "OriginalRawFileName"),
            (kCGImagePropertyDNGPreviewApplicationName, "PreviewApplicationName"),
            (kCGImagePropertyDNGPreviewApplicationVersion, "PreviewApplicationVersion"),
            (kCGImagePropertyDNGPreviewColorSpace, "PreviewColorSpace"),
            (kCGImagePropertyDNGPreviewDateTime, "PreviewDateTime"),
            (kCGImagePropertyDNGPreviewSettingsDigest, "PreviewSettingsDigest"),
            (kCGImagePropertyDNGPreviewSettingsName, "PreviewSettingsName"),
            (kCGImagePropertyDNGProfileCopyright, "ProfileCopyright"),
            (kCGImagePropertyDNGProfileEmbedPolicy, "ProfileEmbedPolicy"),
            (kCGImagePropertyDNGProfileHueSatMapData1, "ProfileHueSatMapData1"),
            (kCGImagePropertyDNGProfileHueSatMapData2, "ProfileHueSatMapData2"),
            (kCGImagePropertyDNGProfileHueSatMapDims, "ProfileHueSatMapDims"),
            (kCGImagePropertyDNGProfileHueSatMapEncoding, "ProfileHueSatMapEncoding"),
            (kCGImagePropertyDNGProfileLookTableData, "ProfileLookTableData"),
            (kCGImagePropertyDNGProfileLookTableDims, "ProfileLookTableDims"),
            (kCGImagePropertyDNGProfileLookTableEncoding, "ProfileLookTableEncoding"),
            (kCGImagePropertyDNGProfileName, "DNGProfileName"),
            (kCGImagePropertyDNGProfileToneCurve, "ProfileToneCurve"),
            (kCGImagePropertyDNGRawDataUniqueID, "DNGRawDataUniqueID"),
            (kCGImagePropertyDNGRawImageDigest, "RawImageDigest"),
            (kCGImagePropertyDNGRawToPreviewGain, "RawToPreviewGain"),
            (kCGImagePropertyDNGReductionMatrix1, "ReductionMatrix1"),
            (kCGImagePropertyDNGReductionMatrix2, "ReductionMatrix2"),
            (kCGImagePropertyDNGRowInterleaveFactor, "RowInterleaveFactor"),
            (kCGImagePropertyDNGShadowScale, "ShadowScale"),
            (kCGImagePropertyDNGSubTileBlockSize, "SubTileBlockSize"),
        ]
        for (key, value) in keys { #expect(key == value, "\(value)") }
    }

    @Test func ciffKeys() {
        let keys: [(CFString, String)] = [
            (kCGImagePropertyCIFFDescription, "Description"),
            (kCGImagePropertyCIFFFirmware, "Firmware"),
            (kCGImagePropertyCIFFOwnerName, "OwnerName"),
            (kCGImagePropertyCIFFImageName, "ImageName"),
            (kCGImagePropertyCIFFImageFileName, "ImageFileName"),
            (kCGImagePropertyCIFFReleaseMethod, "ReleaseMethod"),
            (kCGImagePropertyCIFFReleaseTiming, "ReleaseTiming"),
            (kCGImagePropertyCIFFRecordID, "RecordID"),
            (kCGImagePropertyCIFFSelfTimingTime, "SelfTimingTime"),
            (kCGImagePropertyCIFFCameraSerialNumber, "CameraSerialNumber"),
            (kCGImagePropertyCIFFImageSerialNumber, "ImageSerialNumber"),
            (kCGImagePropertyCIFFContinuousDrive, "ContinuousDrive"),
            (kCGImagePropertyCIFFFocusMode, "FocusMode"),
            (kCGImagePropertyCIFFMeteringMode, "MeteringMode"),
            (kCGImagePropertyCIFFShootingMode, "ShootingMode"),
            (kCGImagePropertyCIFFLensModel, "LensModel"),
            (kCGImagePropertyCIFFLensMaxMM, "LensMaxMM"),
            (kCGImagePropertyCIFFLensMinMM, "LensMinMM"),
            (kCGImagePropertyCIFFWhiteBalanceIndex, "WhiteBalanceIndex"),
            (kCGImagePropertyCIFFFlashExposureComp, "FlashExposureComp"),
            (kCGImagePropertyCIFFMeasuredEV, "MeasuredEV"),
        ]
        for (key, value) in keys { #expect(key == value, "\(value)") }
    }

    @Test func makernikonKeys() {
        let keys: [(CFString, String)] = [
            (kCGImagePropertyMakerNikonISOSetting, "ISOSetting"),
            (kCGImagePropertyMakerNikonColorMode, "ColorMode"),
            (kCGImagePropertyMakerNikonQuality, "Quality"),
            (kCGImagePropertyMakerNikonWhiteBalanceMode, "WhiteBalanceMode"),
            (kCGImagePropertyMakerNikonSharpenMode, "SharpenMode"),
            (kCGImagePropertyMakerNikonFocusMode, "FocusMode"),
            (kCGImagePropertyMakerNikonFlashSetting, "FlashSetting"),
            (kCGImagePropertyMakerNikonISOSelection, "ISOSelection"),
            (kCGImagePropertyMakerNikonFlashExposureComp, "FlashExposureComp"),
            (kCGImagePropertyMakerNikonImageAdjustment, "ImageAdjustment"),
            (kCGImagePropertyMakerNikonLensAdapter, "LensAdapter"),
            (kCGImagePropertyMakerNikonLensType, "LensType"),
            (kCGImagePropertyMakerNikonLensInfo, "LensInfo"),
            (kCGImagePropertyMakerNikonFocusDistance, "FocusDistance"),
            (kCGImagePropertyMakerNikonDigitalZoom, "DigitalZoom"),
            (kCGImagePropertyMakerNikonShootingMode, "ShootingMode"),
            (kCGImagePropertyMakerNikonCameraSerialNumber, "CameraSerialNumber"),
            (kCGImagePropertyMakerNikonShutterCount, "ShutterCount"),
        ]
        for (key, value) in keys { #expect(key == value, "\(value)") }
    }

    @Test func makercanonKeys() {
        let keys: [(CFString, String)] = [
            (kCGImagePropertyMakerCanonOwnerName, "OwnerName"),
            (kCGImagePropertyMakerCanonCameraSerialNumber, "CameraSerialNumber"),
            (kCGImagePropertyMakerCanonImageSerialNumber, "ImageSerialNumber"),
            (kCGImagePropertyMakerCanonFlashExposureComp, "FlashExposureComp"),
            (kCGImagePropertyMakerCanonContinuousDrive, "ContinuousDrive"),
            (kCGImagePropertyMakerCanonLensModel, "LensModel"),
            (kCGImagePropertyMakerCanonFirmware, "Firmware"),
            (kCGImagePropertyMakerCanonAspectRatioInfo, "AspectRatioInfo"),
        ]
        for (key, value) in keys { #expect(key == value, "\(value)") }
    }

    @Test func openexrKeys() {
        let keys: [(CFString, String)] = [
            (kCGImagePropertyOpenEXRAspectRatio, "AspectRatio"),
            (kCGImagePropertyOpenEXRCompression, "Compression"),
        ]
        for (key, value) in keys { #expect(key == value, "\(value)") }
    }

    @Test func tgaKeys() {
        let keys: [(CFString, String)] = [
            (kCGImagePropertyTGACompression, "Compression"),
        ]
        for (key, value) in keys { #expect(key == value, "\(value)") }
    }

    @Test func auxiliarydatatypeKeys() {
        let keys: [(CFString, String)] = [
            (kCGImageAuxiliaryDataTypeDepth, "kCGImageAuxiliaryDataTypeDepth"),
            (kCGImageAuxiliaryDataTypeDisparity, "kCGImageAuxiliaryDataTypeDisparity"),
            (kCGImageAuxiliaryDataTypePortraitEffectsMatte, "kCGImageAuxiliaryDataTypePortraitEffectsMatte"),
            (kCGImageAuxiliaryDataTypeSemanticSegmentationSkinMatte, "kCGImageAuxiliaryDataTypeSemanticSegmentationSkinMatte"),
            (kCGImageAuxiliaryDataTypeSemanticSegmentationHairMatte, "kCGImageAuxiliaryDataTypeSemanticSegmentationHairMatte"),
            (kCGImageAuxiliaryDataTypeSemanticSegmentationTeethMatte, "kCGImageAuxiliaryDataTypeSemanticSegmentationTeethMatte"),
            (kCGImageAuxiliaryDataTypeSemanticSegmentationGlassesMatte, "kCGImageAuxiliaryDataTypeSemanticSegmentationGlassesMatte"),
            (kCGImageAuxiliaryDataTypeSemanticSegmentationSkyMatte, "kCGImageAuxiliaryDataTypeSemanticSegmentationSkyMatte"),
            (kCGImageAuxiliaryDataTypeHDRGainMap, "kCGImageAuxiliaryDataTypeHDRGainMap"),
        ]
        for (key, value) in keys { #expect(key == value, "\(value)") }
    }

    @Test func auxiliarydatainfoKeys() {
        let keys: [(CFString, String)] = [
            (kCGImageAuxiliaryDataInfoData, "kCGImageAuxiliaryDataInfoData"),
            (kCGImageAuxiliaryDataInfoDataDescription, "kCGImageAuxiliaryDataInfoDataDescription"),
            (kCGImageAuxiliaryDataInfoMetadata, "kCGImageAuxiliaryDataInfoMetadata"),
        ]
        for (key, value) in keys { #expect(key == value, "\(value)") }
    }

    @Test func groupsKeys() {
        let keys: [(CFString, String)] = [
            (kCGImagePropertyGroups, "{Groups}"),
            (kCGImagePropertyGroupIndex, "GroupIndex"),
            (kCGImagePropertyGroupType, "GroupType"),
            (kCGImagePropertyGroupTypeStereoPair, "StereoPair"),
            (kCGImagePropertyGroupTypeAlternate, "Alternate"),
            (kCGImagePropertyGroupImagesAlternate, "GroupImages"),
            (kCGImagePropertyGroupImageIndexLeft, "GroupImageIndexLeft"),
            (kCGImagePropertyGroupImageIndexRight, "GroupImageIndexRight"),
            (kCGImagePropertyGroupImageIsLeftImage, "GroupImageIsLeftImage"),
            (kCGImagePropertyGroupImageIsRightImage, "GroupImageIsRightImage"),
            (kCGImagePropertyGroupImageIsAlternateImage, "GroupImageIsAlternateImage"),
            (kCGImagePropertyGroupImageBaseline, "GroupImageBaseline"),
            (kCGImagePropertyGroupImageDisparityAdjustment, "GroupImageDisparityAdjustment"),
        ]
        for (key, value) in keys { #expect(key == value, "\(value)") }
    }

    @Test func cameraextrinsicsModelKeys() {
        let keys: [(CFString, String)] = [
            (kIIOMetadata_CameraExtrinsicsKey, "CameraExtrinsics"),
            (kIIOCameraExtrinsics_CoordinateSystemID, "CoordinateSystemID"),
            (kIIOCameraExtrinsics_Position, "Position"),
            (kIIOCameraExtrinsics_Rotation, "Rotation"),
            (kIIOMetadata_CameraModelKey, "CameraModel"),
            (kIIOCameraModel_ModelType, "ModelType"),
            (kIIOCameraModelType_SimplifiedPinhole, "SimplifiedPinhole"),
            (kIIOCameraModelType_GenericPinhole, "GenericPinhole"),
            (kIIOCameraModel_Intrinsics, "Intrinsics"),
        ]
        for (key, value) in keys { #expect(key == value, "\(value)") }
    }

    @Test func avisKeys() {
        let keys: [(CFString, String)] = [
            (kCGImagePropertyAVISDictionary, "{AVIS}"),
        ]
        for (key, value) in keys { #expect(key == value, "\(value)") }
    }

    @Test func metadataKeys() {
        let keys: [(CFString, String)] = [
            (kCFErrorDomainCGImageMetadata, "kCFErrorDomainCGImageMetadata"),
            (kCGImageMetadataNamespaceExif, "http://ns.adobe.com/exif/1.0/"),
            (kCGImageMetadataNamespaceExifAux, "http://ns.adobe.com/exif/1.0/aux/"),
            (kCGImageMetadataNamespaceExifEX, "http://cipa.jp/exif/1.0/"),
            (kCGImageMetadataNamespaceDublinCore, "http://purl.org/dc/elements/1.1/"),
            (kCGImageMetadataNamespaceIPTCCore, "http://iptc.org/std/Iptc4xmpCore/1.0/xmlns/"),
            (kCGImageMetadataNamespaceIPTCExtension, "http://iptc.org/std/Iptc4xmpExt/2008-02-29/"),
            (kCGImageMetadataNamespacePhotoshop, "http://ns.adobe.com/photoshop/1.0/"),
            (kCGImageMetadataNamespaceTIFF, "http://ns.adobe.com/tiff/1.0/"),
            (kCGImageMetadataNamespaceXMPBasic, "http://ns.adobe.com/xap/1.0/"),
            (kCGImageMetadataNamespaceXMPRights, "http://ns.adobe.com/xap/1.0/rights/"),
            (kCGImageMetadataPrefixExif, "exif"),
            (kCGImageMetadataPrefixExifAux, "aux"),
            (kCGImageMetadataPrefixExifEX, "exifEX"),
            (kCGImageMetadataPrefixDublinCore, "dc"),
            (kCGImageMetadataPrefixIPTCCore, "Iptc4xmpCore"),
            (kCGImageMetadataPrefixIPTCExtension, "Iptc4xmpExt"),
            (kCGImageMetadataPrefixPhotoshop, "photoshop"),
            (kCGImageMetadataPrefixTIFF, "tiff"),
            (kCGImageMetadataPrefixXMPBasic, "xmp"),
            (kCGImageMetadataPrefixXMPRights, "xmpRights"),
            (kCGImageMetadataEnumerateRecursively, "kCGImageMetadataEnumerateRecursively"),
        ]
        for (key, value) in keys { #expect(key == value, "\(value)") }
    }

    @Test func animationKeys() {
        let keys: [(CFString, String)] = [
            (kCGImageAnimationStartIndex, "StartIndex"),
            (kCGImageAnimationDelayTime, "DelayTime"),
            (kCGImageAnimationLoopCount, "LoopCount"),
        ]
        for (key, value) in keys { #expect(key == value, "\(value)") }
    }

    @Test func sourceoptionKeys() {
        let keys: [(CFString, String)] = [
            (kCGImageSourceTypeIdentifierHint, "kCGImageSourceTypeIdentifierHint"),
            (kCGImageSourceShouldCache, "kCGImageSourceShouldCache"),
            (kCGImageSourceShouldCacheImmediately, "kCGImageSourceShouldCacheImmediately"),
            (kCGImageSourceShouldAllowFloat, "kCGImageSourceShouldAllowFloat"),
            (kCGImageSourceCreateThumbnailFromImageIfAbsent, "kCGImageSourceCreateThumbnailFromImageIfAbsent"),
            (kCGImageSourceCreateThumbnailFromImageAlways, "kCGImageSourceCreateThumbnailFromImageAlways"),
            (kCGImageSourceThumbnailMaxPixelSize, "kCGImageSourceThumbnailMaxPixelSize"),
            (kCGImageSourceCreateThumbnailWithTransform, "kCGImageSourceCreateThumbnailWithTransform"),
            (kCGImageSourceSubsampleFactor, "kCGImageSourceSubsampleFactor"),
        ]
        for (key, value) in keys { #expect(key == value, "\(value)") }
    }

    @Test func destinationoptionKeys() {
        let keys: [(CFString, String)] = [
            (kCGImageDestinationLossyCompressionQuality, "kCGImageDestinationLossyCompressionQuality"),
            (kCGImageDestinationBackgroundColor, "kCGImageDestinationBackgroundColor"),
            (kCGImageDestinationImageMaxPixelSize, "kCGImageDestinationImageMaxPixelSize"),
            (kCGImageDestinationEmbedThumbnail, "kCGImageDestinationEmbedThumbnail"),
            (kCGImageDestinationOptimizeColorForSharing, "kCGImageDestinationOptimizeColorForSharing"),
            (kCGImageDestinationPreserveGainMap, "kCGImageDestinationPreserveGainMap"),
            (kCGImageDestinationMetadata, "kCGImageDestinationMetadata"),
            (kCGImageDestinationMergeMetadata, "kCGImageDestinationMergeMetadata"),
            (kCGImageMetadataShouldExcludeXMP, "kCGImageMetadataShouldExcludeXMP"),
            (kCGImageMetadataShouldExcludeGPS, "kCGImageMetadataShouldExcludeGPS"),
            (kCGImageDestinationDateTime, "kCGImageDestinationDateTime"),
            (kCGImageDestinationOrientation, "kCGImageDestinationOrientation"),
        ]
        for (key, value) in keys { #expect(key == value, "\(value)") }
    }
}
