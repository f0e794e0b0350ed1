#include <lcms2.h>

// LittleCMS's pixel type macros are expressions Swift cannot import: their values, as functions.
static inline cmsUInt32Number strata_lcms_rgb_double(void) { return TYPE_RGB_DBL; }
static inline cmsUInt32Number strata_lcms_gray_double(void) { return TYPE_GRAY_DBL; }
static inline cmsUInt32Number strata_lcms_cmyk_double(void) { return TYPE_CMYK_DBL; }
static inline cmsUInt32Number strata_lcms_lab_double(void) { return TYPE_Lab_DBL; }
static inline cmsUInt32Number strata_lcms_bgra_8(void) { return TYPE_BGRA_8; }
