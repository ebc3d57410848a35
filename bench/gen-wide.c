/* SPDX-License-Identifier: ISC */
/*
 * gen-wide: a deterministic folded profile that is wide: NLEAVES distinct
 * leaves under a few parents.
 * usage: gen-wide NLEAVES SEED [after]
 *
 * A JVM that generates code: every stack is a worker thread's few frames,
 * one of four dispatchers, one of a dozen call sites, then a leaf of its
 * own, a generated lambda or proxy method whose name shares a 40-byte
 * prefix with all the others and differs in a hex address and a method
 * (com.example.generated.proxy.Handler$$Lambda$0x00007f3a1c2d4e80.apply).
 * So the graph is a few frames deep and NLEAVES frames wide, and the
 * names part only past their common prefix. The leaves come out in no
 * particular order (addresses are random); counts are 1 to 3. With
 * "after", the same profile changed: 4% of the leaves vanish, 4% are new,
 * a third of the counts double.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "gen-rand.h"

static const char *const disp[] = {
	"io.netty.channel.nio.NioEventLoop.run",
	"java.util.concurrent.ForkJoinWorkerThread.run",
	"org.apache.kafka.clients.consumer.KafkaConsumer.poll",
	"java.util.concurrent.ThreadPoolExecutor$Worker.run" };
static const char *const site[] = { "dispatch", "invoke", "handle",
	"onMessage", "accept", "apply", "route", "filter", "map", "reduce",
	"subscribe", "complete" };
static const char *const meth[] = { "apply", "accept", "get", "run",
	"call", "test", "invoke" };
#define N(a) (sizeof(a) / sizeof((a)[0]))

int
main(int argc, char *argv[])
{
	long n, j;
	int after;
	uint64_t r, a, cnt;

	if (gen_args(argc, argv, "gen-wide NLEAVES SEED [after]", &n, &after) < 0)
		return 2;
	for (j = 0; j < n; j++) {
		r = rnd();
		/* a distinct address per leaf: j spread by an odd multiplier
		 * over 44 bits, under a fixed high part */
		a = 0x7f0000000000ULL | ((uint64_t)j * 0x9e3779b1ULL &
		    0xffffffffffULL) << 4;
		cnt = 1 + (r >> 20) % 3;
		if (after && r % 100 < 4)
			continue;
		if (after && r % 100 < 8)
			a ^= 0x8;	/* a new leaf, never made before */
		if (after && r % 3 == 0)
			cnt *= 2;
		printf("java.lang.Thread.run;%s;com.example.app.Pipeline.%s;"
		    "com.example.generated.proxy.Handler$$Lambda$0x%016llx.%s"
		    " %llu\n", disp[(r >> 8) % N(disp)],
		    site[(r >> 12) % N(site)], (unsigned long long)a,
		    meth[(r >> 16) % N(meth)], (unsigned long long)cnt);
	}
	return ferror(stdout) != 0 || fflush(stdout) != 0;
}
