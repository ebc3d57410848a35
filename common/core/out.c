/* SPDX-License-Identifier: ISC */
/*
 * out.c: buffered standard output. Every write(2) is checked: a full disk,
 * a closed pipe or any other error prints a message and exits non-zero, so
 * output is never silently truncated. A closed pipe is not an error: a
 * filter whose reader went away (fg-merge big | head) ends quietly with
 * status 0, as Unix filters do; SIGPIPE is ignored so that it is told
 * from real write errors (a full disk), which stay fatal.
 */
#include <sys/uio.h>

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fg.h"

#define OUT_BUFSZ (1u << 18)

static char *obuf;
static size_t olen;
static _Thread_local struct fg_outbuf *capture;

void
fg_out_capture(struct fg_outbuf *b)
{
	capture = b;
}

static void
capwrite(const void *p, size_t n)
{
	struct fg_outbuf *b = capture;

	if (n > b->cap - b->n) {
		b->cap = (b->n + n) * 2 + 4096;
		b->p = fg_realloc(b->p, b->cap);
	}
	memcpy(b->p + b->n, p, n);
	b->n += n;
}

void
fg_out_init(void)
{
	struct sigaction sa;

	if (obuf != NULL)
		return;
	obuf = fg_malloc(OUT_BUFSZ);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = SIG_IGN;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGPIPE, &sa, NULL);
}

static void
drain(const char *p, size_t n)
{
	ssize_t w;

	while (n > 0) {
		w = write(STDOUT_FILENO, p, n);
		if (w < 0) {
			if (errno == EINTR)
				continue;
			if (errno == EPIPE)
				_exit(FG_EXIT_OK);	/* the reader is gone */
			fg_err(FG_EXIT_ERR, "write error");
		}
		p += w;
		n -= (size_t)w;
	}
}

void
fg_out_flush(void)
{
	if (olen > 0)
		drain(obuf, olen);
	olen = 0;
}

void
fg_out_write(const void *p, size_t n)
{
	if (capture != NULL) {
		capwrite(p, n);
		return;
	}
	if (obuf == NULL)
		fg_out_init();
	if (n > OUT_BUFSZ - olen) {
		fg_out_flush();
		if (n >= OUT_BUFSZ) {
			drain(p, n);
			return;
		}
	}
	memcpy(obuf + olen, p, n);
	olen += n;
}

/*
 * The strings of a NULL-terminated array, written from where they are
 * (writev, after what is buffered): a page of fg-svg's embedded script is
 * then never copied into the buffer's fresh memory, which on a tiny
 * profile was a quarter of the process's page faults.
 */
#ifndef IOV_MAX
#define IOV_MAX 1024
#endif
#define OUT_NIOV (IOV_MAX < 1024 ? IOV_MAX : 1024)
void
fg_out_strs(const char *const *v)
{
	struct iovec iov[OUT_NIOV];
	ssize_t w;
	size_t k, n;
	int i, m;

	if (capture != NULL) {
		for (k = 0; v[k] != NULL; k++)
			fg_out_str(v[k]);
		return;
	}
	fg_out_flush();
	for (k = 0; v[k] != NULL; k += (size_t)m) {
		for (m = 0; m < OUT_NIOV && v[k + (size_t)m] != NULL; m++) {
			iov[m].iov_base = (void *)(uintptr_t)v[k + (size_t)m];
			iov[m].iov_len = strlen(v[k + (size_t)m]);
		}
		for (i = 0; i < m; ) {
			w = writev(STDOUT_FILENO, iov + i, m - i);
			if (w < 0) {
				if (errno == EINTR)
					continue;
				if (errno == EPIPE)
					_exit(FG_EXIT_OK);
				fg_err(FG_EXIT_ERR, "write error");
			}
			for (n = (size_t)w; i < m && n >= iov[i].iov_len; i++)
				n -= iov[i].iov_len;
			if (i < m) {
				iov[i].iov_base = (char *)iov[i].iov_base + n;
				iov[i].iov_len -= n;
			}
		}
	}
}

void
fg_out_str(const char *s)
{
	fg_out_write(s, strlen(s));
}

void
fg_out_char(int c)
{
	char ch = (char)c;

	if (capture == NULL && obuf != NULL && olen < OUT_BUFSZ)
		obuf[olen++] = ch;
	else if (capture != NULL && capture->n < capture->cap)
		capture->p[capture->n++] = ch;
	else
		fg_out_write(&ch, 1);
}

void
fg_out_u64(uint64_t v)
{
	char b[24];
	char *p = b + sizeof(b);

	do {
		*--p = (char)('0' + v % 10);
		v /= 10;
	} while (v != 0);
	fg_out_write(p, (size_t)(b + sizeof(b) - p));
}

void
fg_out_printf(const char *fmt, ...)
{
	va_list ap;
	char sbuf[512], *p = sbuf;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(sbuf, sizeof(sbuf), fmt, ap);
	va_end(ap);
	if (n < 0)
		fg_errx(FG_EXIT_ERR, "output formatting error");
	if ((size_t)n >= sizeof(sbuf)) {
		p = fg_malloc((size_t)n + 1);
		va_start(ap, fmt);
		vsnprintf(p, (size_t)n + 1, fmt, ap);
		va_end(ap);
	}
	fg_out_write(p, (size_t)n);
	if (p != sbuf)
		free(p);
}

void
fg_out_close(void)
{
	fg_out_flush();
	if (close(STDOUT_FILENO) < 0 && errno != EBADF && errno != EPIPE)
		fg_err(FG_EXIT_ERR, "write error");
}
