#ifndef CCODECS_JPEG_ERROR_H
#define CCODECS_JPEG_ERROR_H
// Private to CImageCodecs: the error manager that owns the setjmp target. Include after jpeglib.h.
#include <setjmp.h>

typedef struct {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
    /// The first warning, in libjpeg's words.
    char warning[JMSG_LENGTH_MAX];
    int warnings;
    int max_scans;
    int code;
    /// Every row is decoded: what libjpeg says after that (a missing EOI) only warns.
    int rows_done;
} cc_jpeg_error;

/// Formats the message and longjmps to err->jump; a lossless or hierarchical JPEG (SOF3, 5-7,
/// 11, 13-15) or one of 12 bits is CC_ERR_UNSUPPORTED, a decode past its memory limit
/// CC_ERR_MEMORY_LIMIT.
void cc_error_exit(j_common_ptr cinfo);
/// Counts warnings and keeps the first; a premature end of file, or image data that runs into
/// the end-of-image marker, is fatal (libjpeg would decode grey).
void cc_emit_message(j_common_ptr cinfo, int level);
/// Stops a decode after err->max_scans scans.
void cc_progress(j_common_ptr cinfo);
#endif
