#ifndef CCODECS_JPEG_ERROR_H
#define CCODECS_JPEG_ERROR_H
// Private to CImageCodecs: the error manager that owns the setjmp target. Include after jpeglib.h.
#include <setjmp.h>

typedef struct {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
    int warnings;
    int max_scans;
    int code;
} cc_jpeg_error;

/// Formats the message and longjmps to err->jump.
void cc_error_exit(j_common_ptr cinfo);
/// Counts warnings; a premature end of file is fatal (libjpeg would decode grey).
void cc_emit_message(j_common_ptr cinfo, int level);
/// Stops a decode after err->max_scans scans.
void cc_progress(j_common_ptr cinfo);
#endif
