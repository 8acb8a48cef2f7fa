// JPEG decode and encode through the libjpeg API. libjpeg reports fatal errors by calling
// error_exit, which must not return: ours formats the message and longjmps back here, so a
// damaged file becomes an error code instead of exit().
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jerror.h>
#include <jpeglib.h>

#include "ccodecs.h"

typedef struct {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
    int warnings;
    int max_scans;
    int code;
} cc_jpeg_error;

static void cc_error_exit(j_common_ptr cinfo) {
    cc_jpeg_error *err = (cc_jpeg_error *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, err->message);
    err->code = CC_ERR_CORRUPT;
    longjmp(err->jump, 1);
}

static void cc_emit_message(j_common_ptr cinfo, int level) {
    cc_jpeg_error *err = (cc_jpeg_error *)cinfo->err;
    if (level >= 0) return;  // trace messages
    err->warnings++;
    // A truncated file only warns and decodes grey: we call that an error.
    if (cinfo->err->msg_code == JWRN_JPEG_EOF) {
        (*cinfo->err->format_message)(cinfo, err->message);
        err->code = CC_ERR_CORRUPT;
        longjmp(err->jump, 1);
    }
}

static void cc_progress(j_common_ptr cinfo) {
    if (!cinfo->is_decompressor) return;
    cc_jpeg_error *err = (cc_jpeg_error *)cinfo->err;
    j_decompress_ptr d = (j_decompress_ptr)cinfo;
    if (err->max_scans > 0 && d->input_scan_number > err->max_scans) {
        snprintf(err->message, sizeof err->message,
                 "more than %d progressive scans (a scan bomb?)", err->max_scans);
        err->code = CC_ERR_CORRUPT;
        longjmp(err->jump, 1);
    }
}

typedef struct {
    struct jpeg_decompress_struct cinfo;
    cc_jpeg_error err;
    struct jpeg_progress_mgr progress;
    int created;
    uint8_t *row;
} cc_jpeg_decoder;

void cc_image_free(cc_image *image) {
    if (!image) return;
    free(image->pixels);
    free(image->icc);
    image->pixels = NULL;
    image->icc = NULL;
}

void cc_buffer_free(cc_buffer *buffer) {
    if (!buffer) return;
    free(buffer->data);
    buffer->data = NULL;
}

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

static int cc_jpeg_run(const uint8_t *data, size_t size, int header_only, int scale_num,
                       uint64_t max_pixels, int max_scans, cc_image *out) {
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
    if (!header_only) jpeg_save_markers(&d->cinfo, JPEG_APP0 + 2, 0xFFFF);
    jpeg_read_header(&d->cinfo, TRUE);
    out->declared_width = (int)d->cinfo.image_width;
    out->declared_height = (int)d->cinfo.image_height;
    if (header_only) {
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
    JOCTET *icc = NULL;
    unsigned int icc_length = 0;
    if (jpeg_read_icc_profile(&d->cinfo, &icc, &icc_length)) {
        out->icc = icc;
        out->icc_length = icc_length;
    }
    int cmyk = d->cinfo.jpeg_color_space == JCS_CMYK || d->cinfo.jpeg_color_space == JCS_YCCK;
    d->cinfo.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGB;
    d->cinfo.scale_num = (unsigned int)scale_num;
    d->cinfo.scale_denom = 8;
    d->cinfo.dct_method = JDCT_ISLOW;
    jpeg_start_decompress(&d->cinfo);
    size_t width = d->cinfo.output_width, height = d->cinfo.output_height;
    out->pixels = malloc(width * height * 3);
    if (cmyk) d->row = malloc(width * 4);
    if (!out->pixels || (cmyk && !d->row)) {
        snprintf(d->err.message, sizeof d->err.message, "out of memory");
        d->err.code = CC_ERR_NO_MEMORY;
        longjmp(d->err.jump, 1);
    }
    while (d->cinfo.output_scanline < height) {
        size_t y = d->cinfo.output_scanline;
        JSAMPROW target = cmyk ? d->row : out->pixels + y * width * 3;
        jpeg_read_scanlines(&d->cinfo, &target, 1);
        if (cmyk) cc_cmyk_row_to_rgb(d->row, out->pixels + y * width * 3, (int)width,
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
    return cc_jpeg_run(data, size, 1, 8, 0, 0, out);
}

int cc_jpeg_decode(const uint8_t *data, size_t size, int scale_num, uint64_t max_pixels,
                   int max_scans, cc_image *out) {
    return cc_jpeg_run(data, size, 0, scale_num, max_pixels, max_scans, out);
}

typedef struct {
    struct jpeg_compress_struct cinfo;
    struct jpeg_destination_mgr dest;
    cc_jpeg_error err;
    int created;
    // Our own growable output buffer (jpeg_mem_dest's would be unsafe to free after an error).
    unsigned char *buffer;
    size_t capacity;
    uint8_t *app1;
} cc_jpeg_encoder;

static void cc_dest_init(j_compress_ptr cinfo) { (void)cinfo; }

static boolean cc_dest_grow(j_compress_ptr cinfo) {
    cc_jpeg_encoder *e = (cc_jpeg_encoder *)cinfo;
    size_t capacity = e->capacity * 2;
    unsigned char *grown = realloc(e->buffer, capacity);
    if (!grown) {
        snprintf(e->err.message, sizeof e->err.message, "out of memory");
        e->err.code = CC_ERR_NO_MEMORY;
        longjmp(e->err.jump, 1);
    }
    e->dest.next_output_byte = grown + e->capacity;
    e->dest.free_in_buffer = capacity - e->capacity;
    e->buffer = grown;
    e->capacity = capacity;
    return TRUE;
}

static void cc_dest_term(j_compress_ptr cinfo) { (void)cinfo; }

int cc_jpeg_encode(const uint8_t *rgb, int width, int height, int quality, int progressive,
                   const uint8_t *icc, size_t icc_length, const uint8_t *exif,
                   size_t exif_length, cc_buffer *out) {
    memset(out, 0, sizeof *out);
    if (!rgb || width < 1 || height < 1 || quality < 1 || quality > 100 ||
        exif_length + 6 > 65533) {
        snprintf(out->message, sizeof out->message, "bad arguments to the JPEG encoder");
        return CC_ERR_ARGUMENT;
    }
    cc_jpeg_encoder *e = calloc(1, sizeof *e);
    if (!e) {
        snprintf(out->message, sizeof out->message, "out of memory");
        return CC_ERR_NO_MEMORY;
    }
    e->cinfo.err = jpeg_std_error(&e->err.pub);
    e->err.pub.error_exit = cc_error_exit;
    e->err.pub.emit_message = cc_emit_message;
    if (setjmp(e->err.jump)) {
        int code = e->err.code ? e->err.code : CC_ERR_CORRUPT;
        snprintf(out->message, sizeof out->message, "%s", e->err.message);
        if (e->created) jpeg_destroy_compress(&e->cinfo);
        free(e->buffer);
        free(e->app1);
        free(e);
        return code;
    }
    jpeg_CreateCompress(&e->cinfo, JPEG_LIB_VERSION, sizeof(struct jpeg_compress_struct));
    e->created = 1;
    e->capacity = 65536;
    e->buffer = malloc(e->capacity);
    if (!e->buffer) {
        snprintf(e->err.message, sizeof e->err.message, "out of memory");
        e->err.code = CC_ERR_NO_MEMORY;
        longjmp(e->err.jump, 1);
    }
    e->dest.init_destination = cc_dest_init;
    e->dest.empty_output_buffer = cc_dest_grow;
    e->dest.term_destination = cc_dest_term;
    e->dest.next_output_byte = e->buffer;
    e->dest.free_in_buffer = e->capacity;
    e->cinfo.dest = &e->dest;
    e->cinfo.image_width = (JDIMENSION)width;
    e->cinfo.image_height = (JDIMENSION)height;
    e->cinfo.input_components = 3;
    e->cinfo.in_color_space = JCS_EXT_RGB;
    jpeg_set_defaults(&e->cinfo);
    jpeg_set_quality(&e->cinfo, quality, TRUE);
    e->cinfo.dct_method = JDCT_ISLOW;
    if (progressive) {
        e->cinfo.optimize_coding = TRUE;
        jpeg_simple_progression(&e->cinfo);
    }
    jpeg_start_compress(&e->cinfo, TRUE);
    if (exif && exif_length > 0) {
        e->app1 = malloc(exif_length + 6);
        if (!e->app1) {
            snprintf(e->err.message, sizeof e->err.message, "out of memory");
            e->err.code = CC_ERR_NO_MEMORY;
            longjmp(e->err.jump, 1);
        }
        memcpy(e->app1, "Exif\0\0", 6);
        memcpy(e->app1 + 6, exif, exif_length);
        jpeg_write_marker(&e->cinfo, JPEG_APP0 + 1, e->app1, (unsigned int)(exif_length + 6));
    }
    if (icc && icc_length > 0) jpeg_write_icc_profile(&e->cinfo, icc, (unsigned int)icc_length);
    size_t stride = (size_t)width * 3;
    while (e->cinfo.next_scanline < e->cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)(rgb + (size_t)e->cinfo.next_scanline * stride);
        jpeg_write_scanlines(&e->cinfo, &row, 1);
    }
    jpeg_finish_compress(&e->cinfo);
    out->data = e->buffer;
    out->length = e->capacity - e->dest.free_in_buffer;
    e->buffer = NULL;
    jpeg_destroy_compress(&e->cinfo);
    free(e->app1);
    free(e);
    return CC_OK;
}
