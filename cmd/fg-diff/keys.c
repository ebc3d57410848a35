/* SPDX-License-Identifier: ISC */
/* keys.c: fg-diff's inputs: their headers, and keys with -s's hex stripped. */
#include <stdlib.h>
#include <string.h>

#include "diff.h"
#include "fg.h"

/*
 * Copies s with every 0x[0-9a-fA-F]+ replaced by "0x...", as
 * difffolded.pl -s does; returns the new length. dst must hold 2*n bytes.
 */
static size_t
striphex(char *dst, const char *s, size_t n)
{
	size_t i = 0, o = 0;

	while (i < n) {
		if (s[i] == '0' && i + 2 < n && s[i + 1] == 'x' &&
		    fg_ishex(s[i + 2])) {
			memcpy(dst + o, "0x...", 5);
			o += 5;
			for (i += 2; i < n && fg_ishex(s[i]); i++)
				;
		} else
			dst[o++] = s[i++];
	}
	return o;
}

static void
checkprofile(const char *name, const char *header)
{
	char *k;
	int isdiff;

	if (header == NULL)
		return;
	k = fg_header_get(header, "kind");
	isdiff = k != NULL && strcmp(k, "diff") == 0;
	free(k);
	if (isdiff)
		fg_errx(FG_EXIT_ERR, "%s: is a differential stream, not a "
		    "profile", name);
}

const char *
diff_rekey(void *arg, int i, const char *key, size_t len,
    size_t *outlen)
{
	struct emitarg *a = arg;

	(void)i;
	if (memchr(key, 'x', len) == NULL) {
		*outlen = len;
		return key;
	}
	if (len * 2 + 1 > a->cap) {
		a->cap = len * 2 + 1;
		a->buf = fg_realloc(a->buf, a->cap);
	}
	*outlen = striphex(a->buf, key, len);
	return a->buf;
}

void
diff_onheader(void *arg, int i, const char *name, const char *header)
{
	struct emitarg *a = arg;

	checkprofile(name, header);
	fg_carry_add(&a->carry, i, header);
}
