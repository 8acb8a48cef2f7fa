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
} cc_jpeg_decoder;

/// What cc_jpeg_run goes as far as.
typedef enum {
    CC_JPEG_HEADER,  // the declared size
    CC_JPEG_PLAN,    // also the size limit and the output size at a DCT scale
    CC_JPEG_PIXELS,  // the whole decode
} cc_jpeg_stage;

static int cc_jpeg_run(const uint8_t *data, size_t size, cc_jpeg_stage stage, int scale_num,
                       uint64_t max_pixels, uint64_t max_memory, int max_scans, uint8_t *dst,
                       size_t dst_size, cc_image *out) {
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
        free(d);
        cc_image_free(out);
        return code;
    }
    jpeg_CreateDecompress(&d->cinfo, JPEG_LIB_VERSION, sizeof(struct jpeg_decompress_struct));
    d->created = 1;
    // Past this, libjpeg asks for a backing store it does not have: a clean error, not a
    // multi-gigabyte coefficient buffer for a huge progressive file.
    if (max_memory > 0) d->cinfo.mem->max_memory_to_use = (long)max_memory;
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
    J_COLOR_SPACE space = d->cinfo.jpeg_color_space;
    int cmyk = space == JCS_CMYK || space == JCS_YCCK;
    int channels = cmyk ? 4 : space == JCS_GRAYSCALE ? 1 : 3;
    d->cinfo.out_color_space = cmyk ? JCS_CMYK : space == JCS_GRAYSCALE ? JCS_GRAYSCALE : JCS_EXT_RGB;
    d->cinfo.scale_num = (unsigned int)scale_num;
    d->cinfo.scale_denom = 8;
    d->cinfo.dct_method = JDCT_ISLOW;
    jpeg_calc_output_dimensions(&d->cinfo);
    out->width = (int)d->cinfo.output_width;
    out->height = (int)d->cinfo.output_height;
    out->channels = channels;
    out->bytes_per_sample = 1;
    out->cmyk = cmyk;
    out->cmyk_inverted = cmyk && d->cinfo.saw_Adobe_marker;
    if ((uint64_t)d->cinfo.output_width * d->cinfo.output_height > max_pixels) {
        snprintf(out->message, sizeof out->message, "decodes to %u x %u pixels",
                 d->cinfo.output_width, d->cinfo.output_height);
        jpeg_destroy_decompress(&d->cinfo);
        free(d);
        return CC_ERR_TOO_LARGE;
    }
    if (stage == CC_JPEG_PLAN) {
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
    size_t stride = width * (size_t)channels;
    if (dst && dst_size != stride * height) {
        snprintf(d->err.message, sizeof d->err.message, "output buffer of %zu bytes for %zu x %zu",
                 dst_size, width, height);
        d->err.code = CC_ERR_ARGUMENT;
        longjmp(d->err.jump, 1);
    }
    uint8_t *pixels = dst ? dst : (out->pixels = malloc(stride * height));
    if (!pixels) {
        snprintf(d->err.message, sizeof d->err.message, "out of memory");
        d->err.code = CC_ERR_NO_MEMORY;
        longjmp(d->err.jump, 1);
    }
    while (d->cinfo.output_scanline < height) {
        JSAMPROW target = pixels + (size_t)d->cinfo.output_scanline * stride;
        jpeg_read_scanlines(&d->cinfo, &target, 1);
    }
    // Read on to EOI, so that damage after the last row (stray bytes before EOI) is reported
    // too; a missing EOI after every row is harmless and not reported.
    d->err.rows_done = 1;
    jpeg_finish_decompress(&d->cinfo);
    out->warnings = d->err.warnings;
    snprintf(out->warning, sizeof out->warning, "%s", d->err.warning);
    jpeg_destroy_decompress(&d->cinfo);
    free(d);
    return CC_OK;
}

int cc_jpeg_info(const uint8_t *data, size_t size, cc_image *out) {
    return cc_jpeg_run(data, size, CC_JPEG_HEADER, 8, 0, 0, 0, NULL, 0, out);
}

int cc_jpeg_output_size(const uint8_t *data, size_t size, int scale_num, uint64_t max_pixels,
                        cc_image *out) {
    return cc_jpeg_run(data, size, CC_JPEG_PLAN, scale_num, max_pixels, 0, 0, NULL, 0, out);
}

int cc_jpeg_decode(const uint8_t *data, size_t size, int scale_num, uint64_t max_pixels,
                   uint64_t max_memory, int max_scans, uint8_t *dst, size_t dst_size,
                   cc_image *out) {
    return cc_jpeg_run(data, size, CC_JPEG_PIXELS, scale_num, max_pixels, max_memory, max_scans,
                       dst, dst_size, out);
}

