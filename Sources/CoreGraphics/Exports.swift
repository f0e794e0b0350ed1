// Foundation on Linux already defines CGFloat, CGPoint, CGSize and CGRect; this module extends them
// and adds what it lacks, as Apple's CoreGraphics does. Importing CoreGraphics gives Foundation too.
@_exported import Foundation
