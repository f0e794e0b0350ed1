// QuartzCore re-exports Core Graphics and Foundation, as Apple's framework does, and the
// CATransform3D type and functions.
@_exported import CoreGraphics
@_exported import Foundation
@_exported import StrataGeometry
