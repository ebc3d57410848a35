/* SPDX-License-Identifier: ISC */
/*
 * fuzz-inflate.c: libFuzzer target for common/core/inflate.c and cmd/fg-collapse/pb.c.
 * Build and run: make fuzz; build-fuzz/fuzz-inflate tests/fuzz/corpus/inflate
 *
 * The input is inflated as gzip (when it has the magic) or as raw
 * DEFLATE, and whatever comes out is walked as nested protobuf messages
 * (iteratively, with an explicit stack) to exercise the wire reader.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "pb.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
walk(const unsigned char *p, size_t n)
{
	struct pb stack[64];
	struct pb_field f;
	struct pb_vals it;
	uint64_t v;
	int depth = 0, k;

	pb_init(&stack[0], p, n);
	while (depth >= 0) {
		k = pb_next(&stack[depth], &f);
		if (k <= 0) {
			depth--;
			continue;
		}
		if (pb_vals_init(&it, &f) == 0)
			while (pb_vals_next(&it, &v) == 1)
				;
		if (f.wt == PB_LEN && depth + 1 < 64)
			pb_init(&stack[++depth], f.data, f.len);
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fg_zbuf z = { .p = NULL };
	unsigned char *out;
	size_t outlen, off, used;

	if (fg_is_gzip(data, size)) {
		if (fg_gunzip(data, size, &out, &outlen, &off) == NULL) {
			walk(out, outlen);
			free(out);
		}
	} else {
		if (fg_inflate(data, size, &used, &z) == NULL && used > size)
			abort();
		free(z.p);
	}
	walk(data, size);
	return 0;
}
