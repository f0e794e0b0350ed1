/// Where reading an image source stands (Apple's values).
public enum CGImageSourceStatus: Int32, Sendable {
    /// The data ended before the file did (`CGImageSourceUpdateData` with `final`).
    case statusUnexpectedEOF = -5
    /// The data is not a valid file of its format.
    case statusInvalidData = -4
    /// The data is of no format ImageIO reads here.
    case statusUnknownType = -3
    /// Not enough data yet to tell the format.
    case statusReadingHeader = -2
    /// The file has begun; more data is to come.
    case statusIncomplete = -1
    /// The whole file is read.
    case statusComplete = 0
}
