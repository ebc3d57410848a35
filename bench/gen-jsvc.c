/* SPDX-License-Identifier: ISC */
/*
 * gen-jsvc: a deterministic folded profile shaped like a Java service, made
 * otherwise than gen-service.c's Go one.
 * usage: gen-jsvc NSTACKS SEED [after]
 *
 * A call tree is walked from the root: a node's fan-out is fixed by its
 * hash (most nodes have 1 to 4 children, one in four has up to 40, as
 * dispatchers do), a child is drawn with a Zipf-like skew, and a walk
 * stops at a depth the path decides (7 to 80 frames below 6 shared ones:
 * thread pool, servlet container, Spring's dispatcher), so stack depths
 * vary widely. Frames are named from a pool of 8,000 distinct Java
 * methods with JIT (_[j]) and inlined (_[i]) marks, and one stack in five
 * ends in 3 to 7 kernel frames (_[k]) under a system call. NSTACKS unique
 * stacks, in generation order. With "after", 5% of the stacks vanish, 3%
 * end in a new frame, a quarter of the counts double.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "gen-rand.h"

#define NPOOL	8000
#define NAMELEN	112

static const char *const pre[] = { "java.lang.Thread.run",
	"java.util.concurrent.ThreadPoolExecutor$Worker.run",
	"org.apache.tomcat.util.net.SocketProcessorBase.run",
	"org.apache.coyote.http11.Http11Processor.service",
	"org.apache.catalina.core.ApplicationFilterChain.doFilter",
	"org.springframework.web.servlet.DispatcherServlet.doDispatch" };
static const char *const pkg[] = { "com.acme.orders", "com.acme.billing",
	"com.acme.catalog", "com.acme.auth", "org.hibernate.internal",
	"org.hibernate.loader", "com.zaxxer.hikari.pool",
	"com.fasterxml.jackson.databind", "com.fasterxml.jackson.core.json",
	"io.micrometer.core", "org.springframework.aop.framework",
	"org.springframework.transaction.interceptor", "java.util",
	"java.util.stream", "java.lang.invoke", "sun.nio.ch", "java.io",
	"org.postgresql.core.v3", "io.lettuce.core", "reactor.core.publisher" };
static const char *const cls[] = { "Service", "Repository", "Controller",
	"Mapper", "Serializer", "Deserializer", "Session", "Query", "Loader",
	"Pool", "Connection", "Interceptor", "Proxy", "Stream", "Pipeline",
	"Client", "Codec", "Handler", "Registry", "Cache", "Flux", "Mono" };
static const char *const mth[] = { "invoke", "execute", "process", "get",
	"find", "load", "save", "serialize", "deserialize", "readValue",
	"writeValue", "apply", "accept", "subscribe", "onNext", "map",
	"collect", "forEach", "lambda$handle$0", "doFilter", "proceed",
	"getConnection", "executeQuery", "next", "read", "write", "hashCode",
	"equals", "toString", "parse", "validate", "authorize", "checkout" };
static const char *const kern[] = { "entry_SYSCALL_64_after_hwframe_[k]",
	"do_syscall_64_[k]", "__x64_sys_read_[k]", "ksys_read_[k]",
	"vfs_read_[k]", "sock_read_iter_[k]", "tcp_recvmsg_[k]",
	"__x64_sys_futex_[k]", "do_futex_[k]", "futex_wait_[k]",
	"schedule_[k]", "__x64_sys_epoll_wait_[k]", "ep_poll_[k]",
	"tcp_sendmsg_[k]", "__tcp_push_pending_frames_[k]" };
#define N(a) (sizeof(a) / sizeof((a)[0]))

static char pool[NPOOL][NAMELEN];

static void
mkpool(void)
{
	uint64_t r;
	size_t i;

	for (i = 0; i < NPOOL; i++) {
		r = fg_mix64(i + 77);
		snprintf(pool[i], NAMELEN, "%s.%s%s%zu.%s%s", pkg[r % N(pkg)],
		    r >> 60 & 1 ? "Default" : "", cls[(r >> 8) % N(cls)],
		    i, mth[(r >> 32) % N(mth)],
		    (r >> 50) % 5 == 0 ? "" : (r >> 50) % 5 == 1 ? "_[i]" :
		    "_[j]");
	}
}

/* a Zipf-like draw from 0..n-1: u^2 leans toward 0 */
static int
zipf(uint64_t r, int n)
{
	double u = (double)(r >> 11) / 9007199254740992.0;

	return (int)(n * u * u);
}

int
main(int argc, char *argv[])
{
	uint64_t path[96], h, t, r, cnt;
	long n, j;
	int after, d, depth, fan, i, nk;

	if (gen_args(argc, argv, "gen-jsvc NSTACKS SEED [after]", &n, &after) < 0)
		return 2;
	mkpool();
	if (set_init(n) < 0)
		return 2;
	for (j = 0; j < n;) {
		h = 12345;
		depth = 80;
		for (d = 0; d < depth; d++) {
			fan = h % 4 == 0 ? 2 + (int)((h >> 8) % 39) :
			    1 + (int)((h >> 8) % 4);
			h = fg_mix64(h * 131 + (uint64_t)zipf(rnd(), fan) + 1);
			path[d] = (h >> 24) % NPOOL;
			/* the path decides where it ends, past depth 6 */
			if (d >= 6 && h % 10 == 0)
				depth = d + 1;
		}
		/* the stack's text, as a hash of the names it prints */
		for (t = 7, d = 0; d < depth; d++)
			t = fg_mix64(t * 31 + path[d]);
		r = rnd();
		nk = r % 5 == 0 ? 3 + (int)((r >> 8) % 5) : 0;
		cnt = 1 + (r >> 20) % 40 * ((r >> 40) % 9 == 0 ? 31 : 1);
		if (!addpath(fg_mix64(t ^ (uint64_t)nk)))
			continue;
		j++;
		if (after && r % 100 < 5)
			continue;
		for (i = 0; i < (int)N(pre); i++)
			printf("%s;", pre[i]);
		for (d = 0; d < depth; d++)
			printf("%s%s", d > 0 ? ";" : "", pool[path[d]]);
		for (i = 0; i < nk; i++)
			printf(";%s", kern[(i == 0 ? 0 : i == 1 ? 1 :
			    (int)((t >> (4 * i)) % (N(kern) - 2)) + 2)]);
		if (after && r % 100 >= 5 && r % 100 < 8)
			fputs(";com.acme.orders.RetryPolicy.backoff_[j]",
			    stdout);
		if (after && r % 4 == 0)
			cnt *= 2;
		printf(" %llu\n", (unsigned long long)cnt);
	}
	return ferror(stdout) != 0 || fflush(stdout) != 0;
}
