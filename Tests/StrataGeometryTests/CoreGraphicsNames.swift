// This toolchain ships a Testing cross-import declaration for CoreGraphics (the
// `_Testing_CoreGraphics` overlay) but not the overlay itself, so a file that imports both Testing
// and a module named CoreGraphics fails with "no such module '_Testing_CoreGraphics'". Test files
// therefore import Foundation (CGFloat, CGPoint, CGSize) instead of CoreGraphics, and this file,
// which does not import Testing, makes the one other CoreGraphics name they need visible.
import CoreGraphics

typealias CGAffineTransform = CoreGraphics.CGAffineTransform
