// PNG decode through libpng. libpng, like libjpeg, reports errors by longjmp: the jump target
// is set here, in C, and every path frees what it allocated.
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <png.h>

#include "cimagecodecs.h"

typedef struct {
    const uint8_t *data;
    size_t size;
    size_t position;
    char message[CC_MESSAGE_MAX];
    png_structp png;
    png_infop info;
    png_bytep *rows;
} cc_png_decoder;

static void cc_png_error(png_structp png, png_const_charp message) {
    cc_png_decoder *d = png_get_error_ptr(png);
    snprintf(d->message, sizeof d->message, "%s", message);
    png_longjmp(png, 1);
}

static void cc_png_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

static void cc_png_read(png_structp png, png_bytep target, size_t length) {
    cc_png_decoder *d = png_get_io_ptr(png);
    if (length > d->size - d->position) png_error(png, "unexpected end of file (truncated PNG)");
    memcpy(target, d->data + d->position, length);
    d->position += length;
}

// plan_only: stop once the output size and channel count are known (nothing allocated for
// pixels). dst: decode into it (dst_size must be width * height * channels).
static int cc_png_run(const uint8_t *data, size_t size, int plan_only, uint64_t max_pixels,
                      uint8_t *dst, size_t dst_size, cc_image *out) {
    memset(out, 0, sizeof *out);
    if (!data || size < 8 || png_sig_cmp(data, 0, 8) != 0) {
        snprintf(out->message, sizeof out->message, "not a PNG signature");
        return CC_ERR_CORRUPT;
    }
    cc_png_decoder *d = calloc(1, sizeof *d);
    if (!d) {
        snprintf(out->message, sizeof out->message, "out of memory");
        return CC_ERR_NO_MEMORY;
    }
    d->data = data;
    d->size = size;
    d->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, d, cc_png_error, cc_png_warning);
    if (d->png) d->info = png_create_info_struct(d->png);
    if (!d->png || !d->info) {
        png_destroy_read_struct(&d->png, &d->info, NULL);
        free(d);
        snprintf(out->message, sizeof out->message, "out of memory");
        return CC_ERR_NO_MEMORY;
    }
    volatile int code = CC_ERR_CORRUPT;  // read after longjmp
    if (setjmp(png_jmpbuf(d->png))) {
        snprintf(out->message, sizeof out->message, "%s", d->message);
        png_destroy_read_struct(&d->png, &d->info, NULL);
        free(d->rows);
        free(d);
        cc_image_free(out);
        return code;
    }
    png_set_read_fn(d->png, d, cc_png_read);
    png_read_info(d->png, d->info);
    png_uint_32 width = png_get_image_width(d->png, d->info);
    png_uint_32 height = png_get_image_height(d->png, d->info);
    out->declared_width = (int)width;
    out->declared_height = (int)height;
    if ((uint64_t)width * height > max_pixels) {
        snprintf(out->message, sizeof out->message, "declares %u x %u pixels", width, height);
        png_destroy_read_struct(&d->png, &d->info, NULL);
        free(d);
        return CC_ERR_TOO_LARGE;
    }
    png_charp name;
    int compression;
    png_bytep profile;
    png_uint_32 profile_length;
    int has_profile =
        png_get_iCCP(d->png, d->info, &name, &compression, &profile, &profile_length) &&
        profile_length > 0;
    if (!plan_only && has_profile) {
        out->icc = malloc(profile_length);
        if (out->icc) {
            memcpy(out->icc, profile, profile_length);
            out->icc_length = profile_length;
        }
    }
    int color = png_get_color_type(d->png, d->info);
    int depth = png_get_bit_depth(d->png, d->info);
    int gray = color == PNG_COLOR_TYPE_GRAY || color == PNG_COLOR_TYPE_GRAY_ALPHA;
    // The data colour space of an ICC profile is the 4 bytes at offset 16 of its header.
    int gray_profile = has_profile && profile_length >= 20 && memcmp(profile + 16, "GRAY", 4) == 0;
    int rgb_profile = has_profile && profile_length >= 20 && memcmp(profile + 16, "RGB ", 4) == 0;
    // Grey with a grey profile stays grey, at its own depth: the caller converts it to sRGB
    // with the profile, before quantising to 8 bits. 16-bit RGB with an RGB profile stays
    // 16-bit, for the caller to convert before quantising.
    int keep_gray = gray && gray_profile;
    int keep16_rgb = !gray && color != PNG_COLOR_TYPE_PALETTE && depth == 16 && rgb_profile;
    if (color == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(d->png);
    if (color == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(d->png);
    if (png_get_valid(d->png, d->info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(d->png);
    if (depth == 16 && (keep_gray || keep16_rgb)) png_set_swap(d->png);  // native little-endian
    if (depth == 16 && !keep_gray && !keep16_rgb) png_set_scale_16(d->png);
    if (gray && !keep_gray) png_set_gray_to_rgb(d->png);
    png_set_interlace_handling(d->png);
    png_read_update_info(d->png, d->info);
    int channels = png_get_channels(d->png, d->info);
    int bytes_per_sample = png_get_bit_depth(d->png, d->info) == 16 ? 2 : 1;
    size_t stride = png_get_rowbytes(d->png, d->info);
    int expected = keep_gray ? (channels == 1 || channels == 2) : (channels == 3 || channels == 4);
    if (!expected || stride != (size_t)width * channels * bytes_per_sample) {
        snprintf(d->message, sizeof d->message, "unexpected PNG pixel layout");
        png_longjmp(d->png, 1);
    }
    out->bytes_per_sample = bytes_per_sample;
    out->width = (int)width;
    out->height = (int)height;
    out->channels = channels;
    if (plan_only) {
        png_destroy_read_struct(&d->png, &d->info, NULL);
        free(d);
        return CC_OK;
    }
    if (dst && dst_size != stride * height) {
        code = CC_ERR_ARGUMENT;
        snprintf(d->message, sizeof d->message, "output buffer of %zu bytes for %u x %u x %d",
                 dst_size, width, height, channels);
        png_longjmp(d->png, 1);
    }
    uint8_t *pixels = dst ? dst : (out->pixels = malloc(stride * height));
    d->rows = malloc(sizeof(png_bytep) * height);
    if (!pixels || !d->rows) {
        code = CC_ERR_NO_MEMORY;
        snprintf(d->message, sizeof d->message, "out of memory");
        png_longjmp(d->png, 1);
    }
    for (png_uint_32 y = 0; y < height; y++) d->rows[y] = pixels + y * stride;
    png_read_image(d->png, d->rows);
    png_destroy_read_struct(&d->png, &d->info, NULL);
    free(d->rows);
    free(d);
    return CC_OK;
}

int cc_png_output_size(const uint8_t *data, size_t size, uint64_t max_pixels, cc_image *out) {
    return cc_png_run(data, size, 1, max_pixels, NULL, 0, out);
}

int cc_png_decode(const uint8_t *data, size_t size, uint64_t max_pixels, uint8_t *dst,
                  size_t dst_size, cc_image *out) {
    return cc_png_run(data, size, 0, max_pixels, dst, dst_size, out);
}
