// Core Foundation type numbers (`CFGetTypeID(x) == CGColor.typeID`), one per class.

extension CGColor { public static var typeID: CFTypeID { CoreGraphics.typeID(of: CGColor.self) } }
extension CGPath { public static var typeID: CFTypeID { CoreGraphics.typeID(of: CGPath.self) } }
extension CGImage { public static var typeID: CFTypeID { CoreGraphics.typeID(of: CGImage.self) } }
extension CGContext { public static var typeID: CFTypeID { CoreGraphics.typeID(of: CGContext.self) } }
extension CGGradient { public static var typeID: CFTypeID { CoreGraphics.typeID(of: CGGradient.self) } }
extension CGShading { public static var typeID: CFTypeID { CoreGraphics.typeID(of: CGShading.self) } }
extension CGFunction { public static var typeID: CFTypeID { CoreGraphics.typeID(of: CGFunction.self) } }
extension CGPattern { public static var typeID: CFTypeID { CoreGraphics.typeID(of: CGPattern.self) } }
extension CGDataProvider { public static var typeID: CFTypeID { CoreGraphics.typeID(of: CGDataProvider.self) } }
extension CGDataConsumer { public static var typeID: CFTypeID { CoreGraphics.typeID(of: CGDataConsumer.self) } }
#if PDF
extension CGPDFDocument { public static var typeID: CFTypeID { CoreGraphics.typeID(of: CGPDFDocument.self) } }
extension CGPDFPage { public static var typeID: CFTypeID { CoreGraphics.typeID(of: CGPDFPage.self) } }
#endif
