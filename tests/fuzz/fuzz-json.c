/* SPDX-License-Identifier: ISC */
/*
 * libFuzzer target for the JSON pull parser (cmd/fg-collapse/json.c): any bytes
 * must give a token stream that ends in JSON_EOF or JSON_ERR, with
 * containers balanced, nothing read out of bounds, and no recursion.
 * Build and run: make fuzz; build-fuzz/fuzz-json tests/fuzz/corpus/json
 */
#include <stdlib.h>
#include <string.h>

#include "fg.h"
#include "json.h"

int LLVMFuzzerTestOneInput(const unsigned char *, size_t);

int
LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	struct json j;
	enum json_tok t;
	size_t depth = 0, steps = 0;
	int64_t v;

	json_init(&j, (const char *)data, size);
	while ((t = json_next(&j)) != JSON_EOF && t != JSON_ERR) {
		if (++steps > 4 * size + 16)
			abort();	/* no progress */
		switch (t) {
		case JSON_OBJ:
		case JSON_ARR:
			depth++;
			break;
		case JSON_OBJ_END:
		case JSON_ARR_END:
			if (depth-- == 0)
				abort();
			break;
		case JSON_KEY:
		case JSON_STR:
			if (strlen(j.str) > j.len)
				abort();	/* NUL-ended, length right */
			break;
		case JSON_NUM:
			(void)json_int64(j.str, j.len, &v);
			break;
		default:
			break;
		}
		if (json_depth(&j) != depth)
			abort();
	}
	if (t == JSON_EOF && depth != 0)
		abort();
	json_free(&j);
	return 0;
}
