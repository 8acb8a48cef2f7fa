// JPEG decode through the libjpeg API, with DCT scaling, ICC and size and scan limits.
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>

#include "cimagecodecs.h"
#include "jpeg_error.h"

typedef struct {
    struct jpeg_decompress_struct cinfo;
    cc_jpeg_error err;
    struct jpeg_progress_mgr progress;
    int created;
    uint8_t *row;
} cc_jpeg_decoder;

static void cc_cmyk_row_to_rgb(const uint8_t *cmyk, uint8_t *rgb, int width, int inverted) {
    for (int x = 0; x < width; x++) {
        unsigned c = cmyk[4 * x], m = cmyk[4 * x + 1], y = cmyk[4 * x + 2], k = cmyk[4 * x + 3];
        if (!inverted) {
            c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k;
        }
        // Stored (Adobe) values are 255 - ink: R = (1 - C)(1 - K).
        rgb[3 * x] = (uint8_t)((c * k + 127) / 255);
        rgb[3 * x + 1] = (uint8_t)((m * k + 127) / 255);
        rgb[3 * x + 2] = (uint8_t)((y * k + 127) / 255);
    }
}

/// What cc_jpeg_run goes as far as.
typedef enum {
    CC_JPEG_HEADER,  // the declared size
    CC_JPEG_PLAN,    // also the size limit and the output size at a DCT scale
    CC_JPEG_PIXELS,  // the whole decode
} cc_jpeg_stage;

static int cc_jpeg_run(const uint8_t *data, size_t size, cc_jpeg_stage stage, int scale_num,
                       uint64_t max_pixels, int max_scans, uint8_t *dst, size_t dst_size,
                       cc_image *out) {
    memset(out, 0, sizeof *out);
    if (!data || size == 0 || scale_num < 1 || scale_num > 8) {
        snprintf(out->message, sizeof out->message, "empty input or bad scale");
        return CC_ERR_ARGUMENT;
    }
    cc_jpeg_decoder *d = calloc(1, sizeof *d);
    if (!d) {
        snprintf(out->message, sizeof out->message, "out of memory");
        return CC_ERR_NO_MEMORY;
    }
    d->cinfo.err = jpeg_std_error(&d->err.pub);
    d->err.pub.error_exit = cc_error_exit;
    d->err.pub.emit_message = cc_emit_message;
    d->err.max_scans = max_scans;
    if (setjmp(d->err.jump)) {
        int code = d->err.code ? d->err.code : CC_ERR_CORRUPT;
        snprintf(out->message, sizeof out->message, "%s", d->err.message);
        out->warnings = d->err.warnings;
        if (d->created) jpeg_destroy_decompress(&d->cinfo);
        free(d->row);
        free(d);
        cc_image_free(out);
        return code;
    }
    jpeg_CreateDecompress(&d->cinfo, JPEG_LIB_VERSION, sizeof(struct jpeg_decompress_struct));
    d->created = 1;
    d->progress.progress_monitor = cc_progress;
    d->cinfo.progress = &d->progress;
    jpeg_mem_src(&d->cinfo, data, (unsigned long)size);
    if (stage == CC_JPEG_PIXELS) jpeg_save_markers(&d->cinfo, JPEG_APP0 + 2, 0xFFFF);
    jpeg_read_header(&d->cinfo, TRUE);
    out->declared_width = (int)d->cinfo.image_width;
    out->declared_height = (int)d->cinfo.image_height;
    if (stage == CC_JPEG_HEADER) {
        jpeg_destroy_decompress(&d->cinfo);
        free(d);
        return CC_OK;
    }
    if ((uint64_t)d->cinfo.image_width * d->cinfo.image_height > max_pixels) {
        snprintf(out->message, sizeof out->message, "declares %u x %u pixels",
                 d->cinfo.image_width, d->cinfo.image_height);
        d->err.code = CC_ERR_TOO_LARGE;
        jpeg_destroy_decompress(&d->cinfo);
        free(d);
        return CC_ERR_TOO_LARGE;
    }
    int cmyk = d->cinfo.jpeg_color_space == JCS_CMYK || d->cinfo.jpeg_color_space == JCS_YCCK;
    d->cinfo.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGB;
    d->cinfo.scale_num = (unsigned int)scale_num;
    d->cinfo.scale_denom = 8;
    d->cinfo.dct_method = JDCT_ISLOW;
    if (stage == CC_JPEG_PLAN) {
        jpeg_calc_output_dimensions(&d->cinfo);
        out->width = (int)d->cinfo.output_width;
        out->height = (int)d->cinfo.output_height;
        out->channels = 3;
        jpeg_destroy_decompress(&d->cinfo);
        free(d);
        return CC_OK;
    }
    JOCTET *icc = NULL;
    unsigned int icc_length = 0;
    if (jpeg_read_icc_profile(&d->cinfo, &icc, &icc_length)) {
        out->icc = icc;
        out->icc_length = icc_length;
    }
    jpeg_start_decompress(&d->cinfo);
    size_t width = d->cinfo.output_width, height = d->cinfo.output_height;
    if (dst && dst_size != width * height * 3) {
        snprintf(d->err.message, sizeof d->err.message, "output buffer of %zu bytes for %zu x %zu",
                 dst_size, width, height);
        d->err.code = CC_ERR_ARGUMENT;
        longjmp(d->err.jump, 1);
    }
    uint8_t *pixels = dst ? dst : (out->pixels = malloc(width * height * 3));
    if (cmyk) d->row = malloc(width * 4);
    if (!pixels || (cmyk && !d->row)) {
        snprintf(d->err.message, sizeof d->err.message, "out of memory");
        d->err.code = CC_ERR_NO_MEMORY;
        longjmp(d->err.jump, 1);
    }
    while (d->cinfo.output_scanline < height) {
        size_t y = d->cinfo.output_scanline;
        JSAMPROW target = cmyk ? d->row : pixels + y * width * 3;
        jpeg_read_scanlines(&d->cinfo, &target, 1);
        if (cmyk) cc_cmyk_row_to_rgb(d->row, pixels + y * width * 3, (int)width,
                                     d->cinfo.saw_Adobe_marker);
    }
    out->width = (int)width;
    out->height = (int)height;
    out->channels = 3;
    out->warnings = d->err.warnings;
    // No jpeg_finish_decompress: every row is read; a missing EOI after them is harmless.
    jpeg_destroy_decompress(&d->cinfo);
    free(d->row);
    free(d);
    return CC_OK;
}

int cc_jpeg_info(const uint8_t *data, size_t size, cc_image *out) {
    return cc_jpeg_run(data, size, CC_JPEG_HEADER, 8, 0, 0, NULL, 0, out);
}

int cc_jpeg_output_size(const uint8_t *data, size_t size, int scale_num, uint64_t max_pixels,
                        cc_image *out) {
    return cc_jpeg_run(data, size, CC_JPEG_PLAN, scale_num, max_pixels, 0, NULL, 0, out);
}

int cc_jpeg_decode(const uint8_t *data, size_t size, int scale_num, uint64_t max_pixels,
                   int max_scans, uint8_t *dst, size_t dst_size, cc_image *out) {
    return cc_jpeg_run(data, size, CC_JPEG_PIXELS, scale_num, max_pixels, max_scans, dst,
                       dst_size, out);
}

