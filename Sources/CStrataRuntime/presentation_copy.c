#include "strata_runtime.h"

// The allocating entry point of `CALayer.init(presentationCopyOf:)` (QuartzCore/CALayer.swift):
// Swift's calling convention, the metatype in the self register (clang's swift_context).
// Its arguments: the layer, owned; its result: the new instance, owned.
__attribute__((swiftcall)) extern void *strata_presentation_copy_allocator(
    void *layer, const void *__attribute__((swift_context)) metatype)
    __asm__("$s10QuartzCore7CALayerC18presentationCopyOfA2C_tcfC");

void *strata_make_presentation_copy(void *layer, const void *metatype) {
    return strata_presentation_copy_allocator(layer, metatype);
}
