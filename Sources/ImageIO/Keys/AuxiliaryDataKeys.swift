import CoreGraphics

// Auxiliary images (depth, disparity, mattes, gain maps) and camera models (Apple's CGImageSource.h and CGImageProperties.h).

// AuxiliaryDataType
public let kCGImageAuxiliaryDataTypeDepth: CFString = "kCGImageAuxiliaryDataTypeDepth"
public let kCGImageAuxiliaryDataTypeDisparity: CFString = "kCGImageAuxiliaryDataTypeDisparity"
public let kCGImageAuxiliaryDataTypePortraitEffectsMatte: CFString = "kCGImageAuxiliaryDataTypePortraitEffectsMatte"
public let kCGImageAuxiliaryDataTypeSemanticSegmentationSkinMatte: CFString = "kCGImageAuxiliaryDataTypeSemanticSegmentationSkinMatte"
public let kCGImageAuxiliaryDataTypeSemanticSegmentationHairMatte: CFString = "kCGImageAuxiliaryDataTypeSemanticSegmentationHairMatte"
public let kCGImageAuxiliaryDataTypeSemanticSegmentationTeethMatte: CFString = "kCGImageAuxiliaryDataTypeSemanticSegmentationTeethMatte"
public let kCGImageAuxiliaryDataTypeSemanticSegmentationGlassesMatte: CFString = "kCGImageAuxiliaryDataTypeSemanticSegmentationGlassesMatte"
public let kCGImageAuxiliaryDataTypeSemanticSegmentationSkyMatte: CFString = "kCGImageAuxiliaryDataTypeSemanticSegmentationSkyMatte"
public let kCGImageAuxiliaryDataTypeHDRGainMap: CFString = "kCGImageAuxiliaryDataTypeHDRGainMap"

// AuxiliaryDataInfo
public let kCGImageAuxiliaryDataInfoData: CFString = "kCGImageAuxiliaryDataInfoData"
public let kCGImageAuxiliaryDataInfoDataDescription: CFString = "kCGImageAuxiliaryDataInfoDataDescription"
public let kCGImageAuxiliaryDataInfoMetadata: CFString = "kCGImageAuxiliaryDataInfoMetadata"

// CameraExtrinsics/Model
public let kIIOMetadata_CameraExtrinsicsKey: CFString = "CameraExtrinsics"
public let kIIOCameraExtrinsics_CoordinateSystemID: CFString = "CoordinateSystemID"
public let kIIOCameraExtrinsics_Position: CFString = "Position"
public let kIIOCameraExtrinsics_Rotation: CFString = "Rotation"
public let kIIOMetadata_CameraModelKey: CFString = "CameraModel"
public let kIIOCameraModel_ModelType: CFString = "ModelType"
public let kIIOCameraModelType_SimplifiedPinhole: CFString = "SimplifiedPinhole"
public let kIIOCameraModelType_GenericPinhole: CFString = "GenericPinhole"
public let kIIOCameraModel_Intrinsics: CFString = "Intrinsics"
