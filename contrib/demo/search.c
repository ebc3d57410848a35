/* SPDX-License-Identifier: ISC */
/*
 * search: count the log lines that mention an error, the demo program of
 * fg's `make demo`. Built twice: -DUSE_REGEX matches with one compiled
 * regular expression (after), otherwise a word-by-word substring search
 * (before).
 */
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const words[] = {
	"error", "fatal", "panic", "timeout", "refused", "denied", "abort",
	"crash", "overflow", "corrupt", "failed", "invalid", NULL
};

static char *
make_log(size_t nlines, size_t *len)
{
	static const char *const parts[] = {
		"GET /index.html 200", "POST /api/v1/items 201",
		"connection from 10.0.0.7", "cache hit for key user:42",
		"request took 12ms", "worker 3 idle", "GET /static/app.js 304",
		"db query ok rows=17",
	};
	char *buf = malloc(nlines * 64), *p = buf;
	size_t i;
	unsigned x = 12345;

	for (i = 0; i < nlines; i++) {
		x = x * 1103515245u + 12345u;
		if ((x >> 16) % 97 == 0)
			p += sprintf(p, "%06zu connection refused by peer\n", i);
		else
			p += sprintf(p, "%06zu %s\n", i, parts[(x >> 16) % 8]);
	}
	*len = (size_t)(p - buf);
	return buf;
}

#ifndef USE_REGEX
static const char *
find_word(const char *line, size_t n, const char *w)
{
	size_t k = strlen(w), i, j;

	for (i = 0; i + k <= n; i++) {
		for (j = 0; j < k && line[i + j] == w[j]; j++)
			;
		if (j == k)
			return line + i;
	}
	return NULL;
}

static int
match_line(const char *line, size_t n)
{
	int i;

	for (i = 0; words[i] != NULL; i++)
		if (find_word(line, n, words[i]) != NULL)
			return 1;
	return 0;
}
#else
static regex_t re;

static int
match_line(const char *line, size_t n)
{
	char buf[256];

	if (n >= sizeof(buf))
		n = sizeof(buf) - 1;
	memcpy(buf, line, n);
	buf[n] = '\0';
	return regexec(&re, buf, 0, NULL, 0) == 0;
}
#endif

static size_t
scan(const char *text, size_t len)
{
	const char *p = text, *e = text + len, *nl;
	size_t hits = 0;

	while (p < e) {
		nl = memchr(p, '\n', (size_t)(e - p));
		if (nl == NULL)
			nl = e;
		hits += match_line(p, (size_t)(nl - p));
		p = nl + 1;
	}
	return hits;
}

int
main(int argc, char *argv[])
{
	size_t len, hits = 0;
	int rounds = argc > 1 ? atoi(argv[1]) : 20, r;
	char *text = make_log(200000, &len);

#ifdef USE_REGEX
	if (regcomp(&re, "error|fatal|panic|timeout|refused|denied|abort|crash|"
	    "overflow|corrupt|failed|invalid",
	    REG_EXTENDED | REG_NOSUB) != 0)
		return 2;
#endif
	for (r = 0; r < rounds; r++)
		hits += scan(text, len);
	printf("%zu matching lines\n", hits);
	free(text);
	return 0;
}
