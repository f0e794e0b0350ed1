/// Buffers copied from arrays that no longer change, owned by the object that made them (and
/// given back in its `deinit`): a frame's loop reads them without a closure per array and without
/// retaining anything.
package enum OwnedBuffers {
    /// `array` copied into a new buffer; give it to `release` once.
    package static func copy<T>(_ array: [T]) -> UnsafeBufferPointer<T> {
        let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: array.count)
        _ = buffer.initialize(fromContentsOf: array)
        return UnsafeBufferPointer(buffer)
    }

    /// Frees a buffer made by `copy`.
    package static func release<T>(_ buffer: UnsafeBufferPointer<T>) {
        let mutable = UnsafeMutableBufferPointer(mutating: buffer)
        mutable.deinitialize()
        mutable.deallocate()
    }
}
