#ifndef STRATA_RUNTIME_H
#define STRATA_RUNTIME_H

/// Makes a presentation copy of `layer` (passed +1) as an instance of the class whose metadata is
/// `metatype` (a subclass of CALayer, usually the layer's own class): Swift's allocating entry of
/// QuartzCore's `CALayer.init(presentationCopyOf:)`, which calls `init(layer:)` through that
/// class's table — as `[[layer class] alloc] initWithLayer:layer]` does with Objective-C.
/// Returns the copy +1.
///
/// Why C: Swift lets code create an instance of a class known only at run time through a
/// `required` initialiser alone, and any required initialiser on CALayer breaks a subclass shape
/// that compiles on Apple platforms (see CALayer+Presentation.swift).
void *_Nonnull strata_make_presentation_copy(void *_Nonnull layer, const void *_Nonnull metatype);

#endif
