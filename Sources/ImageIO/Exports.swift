@_exported import CoreGraphics
@_exported import Foundation
