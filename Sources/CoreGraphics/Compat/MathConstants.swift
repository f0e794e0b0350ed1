// Darwin's math constants that everyday Apple-platform code uses (`repeatCount = HUGE`),
// available wherever CoreGraphics or QuartzCore is imported, as on Apple platforms. Glibc
// does not export them to Swift.

/// Darwin's `HUGE`: +∞ as a Float (`repeatCount = HUGE` repeats forever).
public let HUGE: Float = .infinity

/// Darwin's `MAXFLOAT`: the largest finite Float, 3.40282347e+38.
public let MAXFLOAT: Float = .greatestFiniteMagnitude
