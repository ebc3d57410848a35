/* SPDX-License-Identifier: ISC */
/* err.c: program name, warnings, fatal errors, checked allocation. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fg.h"

const char *fg_progname = "fg";
int fg_status = FG_EXIT_OK;
void (*fg_fatal_hook)(int);

void
fg_setprogname(const char *argv0)
{
	if (argv0 != NULL && *argv0 != '\0')
		fg_progname = fg_basename(argv0);
}

const char *
fg_basename(const char *path)
{
	const char *s = strrchr(path, '/');

	return s != NULL && s[1] != '\0' ? s + 1 : path;
}

static void vwarnc(int, const char *, va_list) FG_PRINTF(2, 0);

static void
vwarnc(int errnum, const char *fmt, va_list ap)
{
	/* stdout is flushed by the caller's fatal path; keep stderr simple */
	fprintf(stderr, "%s: ", fg_progname);
	if (fmt != NULL)
		vfprintf(stderr, fmt, ap);
	if (errnum >= 0)
		fprintf(stderr, "%s%s", fmt != NULL ? ": " : "",
		    strerror(errnum));
	fputc('\n', stderr);
}

void
fg_warnx(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vwarnc(-1, fmt, ap);
	va_end(ap);
}

void
fg_warn(const char *fmt, ...)
{
	va_list ap;
	int e = errno;

	va_start(ap, fmt);
	vwarnc(e, fmt, ap);
	va_end(ap);
}

void
fg_exit(int code)
{
	if (fg_fatal_hook != NULL)
		fg_fatal_hook(code);	/* a fuzz target: does not return */
	exit(code);
}

void
fg_errx(int code, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vwarnc(-1, fmt, ap);
	va_end(ap);
	fg_exit(code);
}

void
fg_err(int code, const char *fmt, ...)
{
	va_list ap;
	int e = errno;

	va_start(ap, fmt);
	vwarnc(e, fmt, ap);
	va_end(ap);
	fg_exit(code);
}

static _Noreturn void
nomem(void)
{
	fg_errx(FG_EXIT_ERR, "out of memory");
}

void *
fg_malloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (p == NULL)
		nomem();
	return p;
}

void *
fg_calloc(size_t n, size_t sz)
{
	void *p = calloc(n ? n : 1, sz ? sz : 1);

	if (p == NULL)
		nomem();
	return p;
}

void *
fg_realloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (p == NULL)
		nomem();
	return p;
}

void *
fg_reallocarray(void *p, size_t n, size_t sz)
{
	if (sz != 0 && n > SIZE_MAX / sz)
		nomem();
	return fg_realloc(p, n * sz);
}

char *
fg_strdup(const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(fg_malloc(n), s, n);
}
