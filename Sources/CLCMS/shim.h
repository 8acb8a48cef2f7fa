#include <lcms2.h>

// lcms2's TYPE_* pixel formats are function-like macros, which Swift does not import: the
// ones galleryc uses, as functions.
static inline cmsUInt32Number gk_cms_gray(int bytes, int extra) {
    return COLORSPACE_SH(PT_GRAY) | EXTRA_SH(extra) | CHANNELS_SH(1) | BYTES_SH(bytes);
}
static inline cmsUInt32Number gk_cms_rgb(int bytes, int extra) {
    return COLORSPACE_SH(PT_RGB) | EXTRA_SH(extra) | CHANNELS_SH(3) | BYTES_SH(bytes);
}
/// CMYK, 8 bits; inverted: stored as 255 - ink (Adobe's CMYK JPEGs), lcms2's "reverse flavor".
static inline cmsUInt32Number gk_cms_cmyk(int inverted) {
    return COLORSPACE_SH(PT_CMYK) | CHANNELS_SH(4) | BYTES_SH(1) | FLAVOR_SH(inverted ? 1 : 0);
}
