// SPDX-License-Identifier: ISC
// fixed-work allocation program; -pct scales sliceWork's allocations
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
	"strconv"
	"strings"
)

var sink []interface{}
var keep [][]byte

//go:noinline
func strWork(n int) {
	for i := 0; i < n; i++ {
		s := strings.Repeat("x", 64) + strconv.Itoa(i)
		if i%100 == 0 {
			sink = append(sink, s)
		}
	}
}

//go:noinline
func mapWork(n int) {
	for i := 0; i < n/100; i++ {
		m := make(map[int]string, 16)
		for j := 0; j < 16; j++ {
			m[j] = "v"
		}
		if i%50 == 0 {
			sink = append(sink, m)
		}
	}
}

//go:noinline
func sliceWork(n int, pct int) {
	for i := 0; i < n*pct/100; i++ {
		b := make([]byte, 256)
		if i%10 == 0 {
			keep = append(keep, b)
		}
	}
}

//go:noinline
func encode(n int) {
	for i := 0; i < n/4; i++ {
		s := fmt.Sprintf("%d:%x:%s", i, i*7, "abc")
		if i%200 == 0 {
			sink = append(sink, s)
		}
	}
}

func main() {
	pct := flag.Int("pct", 100, "sliceWork percent")
	n := flag.Int("n", 400000, "iterations")
	out := flag.String("o", "heap.pb.gz", "output")
	flag.Parse()
	runtime.MemProfileRate = 64 * 1024
	for r := 0; r < 4; r++ {
		strWork(*n)
		mapWork(*n)
		sliceWork(*n, *pct)
		encode(*n)
	}
	runtime.GC()
	f, err := os.Create(*out)
	if err != nil {
		panic(err)
	}
	if err := pprof.Lookup("heap").WriteTo(f, 0); err != nil {
		panic(err)
	}
	f.Close()
}
