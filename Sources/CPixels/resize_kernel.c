// The Lanczos-3 kernel: for each output sample, the first source sample it reads, how many,
// and their weights, computed in doubles and rounded once to fixed point.
#include <math.h>
#include <stdlib.h>

#include "cpixels.h"
#include "resize_kernel.h"

static double px_sinc(double x) {
    if (x == 0.0) return 1.0;
    x *= M_PI;
    return sin(x) / x;
}

static double px_lanczos3(double x) {
    if (x <= -3.0 || x >= 3.0) return 0.0;
    return px_sinc(x) * px_sinc(x / 3.0);
}

void px_kernel_free(px_kernel *k) {
    free(k->start);
    free(k->count);
    free(k->weights);
}

// For a downscale the kernel is stretched by the scale factor (it then covers 6 * scale source
// pixels), which is what makes it an anti-aliasing low-pass filter.
int px_kernel_make(int in, int out, int precision, px_kernel *k) {
    double scale = (double)in / out;
    double filter_scale = scale < 1.0 ? 1.0 : scale;
    double support = 3.0 * filter_scale;
    k->taps = (int)ceil(support) * 2 + 1;
    k->start = malloc(sizeof(int) * out);
    k->count = malloc(sizeof(int) * out);
    k->weights = calloc((size_t)out * k->taps, sizeof(int32_t));
    double *w = malloc(sizeof(double) * k->taps);
    if (!k->start || !k->count || !k->weights || !w) {
        free(w);
        px_kernel_free(k);
        return PX_ERR_NO_MEMORY;
    }
    for (int i = 0; i < out; i++) {
        double center = (i + 0.5) * scale;
        int lo = (int)floor(center - support + 0.5);
        int hi = (int)floor(center + support + 0.5);
        if (lo < 0) lo = 0;
        if (hi > in) hi = in;
        if (hi - lo > k->taps) hi = lo + k->taps;
        double sum = 0.0;
        for (int j = lo; j < hi; j++) {
            w[j - lo] = px_lanczos3((j + 0.5 - center) / filter_scale);
            sum += w[j - lo];
        }
        int32_t *row = k->weights + (size_t)i * k->taps;
        for (int j = 0; j < hi - lo; j++) {
            double v = sum != 0.0 ? w[j] / sum : 0.0;
            row[j] = (int32_t)lround(v * (1 << precision));
        }
        k->start[i] = lo;
        k->count[i] = hi - lo;
    }
    free(w);
    return PX_OK;
}
