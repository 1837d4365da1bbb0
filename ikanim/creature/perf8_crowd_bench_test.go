package creature

import (
	"fmt"
	"runtime"
	"testing"
)

// BenchmarkCrowdSpidersCPU is BenchmarkCrowdSpiders (10,000 spiders on the
// flat scene, a Crowd of 1 and of GOMAXPROCS workers) that also reports
// the CPU time of all the process's threads per frame: on a shared machine
// the wall time counts the time the workers waited for a core.
func BenchmarkCrowdSpidersCPU(b *testing.B) {
	w := creatureTestWorld(b, "flat")
	for _, workers := range []int{1, runtime.GOMAXPROCS(0)} {
		b.Run(fmt.Sprintf("n=10000/workers=%d", workers), func(b *testing.B) {
			cs := crowdOn(b, w, 10000)
			crowd := NewCrowd(workers)
			defer crowd.Close()
			for f := 0; f < 60; f++ {
				crowd.Update(cs, 1.0/60)
			}
			b.ReportAllocs()
			b.ResetTimer()
			c0, ok0 := processCPU()
			for k := 0; k < b.N; k++ {
				crowd.Update(cs, 1.0/60)
			}
			c1, ok1 := processCPU()
			ns := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
			b.ReportMetric(ns/1e6, "ms/frame")
			if ok0 && ok1 {
				b.ReportMetric((c1-c0)/float64(b.N)/1e6, "cpu-ms/frame")
			}
		})
	}
}
