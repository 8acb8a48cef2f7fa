// The libjpeg error manager shared by the decoder and the encoder. libjpeg reports fatal
// errors by calling error_exit, which must not return: ours formats the message and longjmps
// back to the cc_* entry point, so a damaged file becomes an error code instead of exit().
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jerror.h>
#include <jpeglib.h>

#include "cimagecodecs.h"
#include "jpeg_error.h"

void cc_error_exit(j_common_ptr cinfo) {
    cc_jpeg_error *err = (cc_jpeg_error *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, err->message);
    switch (cinfo->err->msg_code) {
    case JERR_SOF_UNSUPPORTED: err->code = CC_ERR_UNSUPPORTED; break;
    case JERR_BAD_PRECISION: err->code = CC_ERR_UNSUPPORTED; break;
    case JERR_NO_BACKING_STORE: err->code = CC_ERR_MEMORY_LIMIT; break;
    default: err->code = CC_ERR_CORRUPT;
    }
    longjmp(err->jump, 1);
}

void cc_emit_message(j_common_ptr cinfo, int level) {
    cc_jpeg_error *err = (cc_jpeg_error *)cinfo->err;
    if (level >= 0) return;  // trace messages
    // A file that ends without EOI after its last row lost nothing.
    if (err->rows_done && cinfo->err->msg_code == JWRN_JPEG_EOF) return;
    if (err->warnings++ == 0) (*cinfo->err->format_message)(cinfo, err->warning);
    // A truncated file only warns and decodes grey: we call that an error. So is image data
    // that runs into the end-of-image marker (a file cut short and closed, or a header that
    // declares far more pixels than its data holds: a decompression bomb of a few bytes would
    // otherwise decode gigapixels of grey).
    int hit_end = cinfo->err->msg_code == JWRN_HIT_MARKER && cinfo->is_decompressor &&
                  ((j_decompress_ptr)cinfo)->unread_marker == 0xD9;
    if (!err->rows_done && (cinfo->err->msg_code == JWRN_JPEG_EOF || hit_end)) {
        (*cinfo->err->format_message)(cinfo, err->message);
        err->code = CC_ERR_CORRUPT;
        longjmp(err->jump, 1);
    }
}

void cc_progress(j_common_ptr cinfo) {
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

// Frees for the result types of every cc_* call (declared in cimagecodecs.h).
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

