package workpool

import "testing"

type nopJob struct{}

func (nopJob) Do(lo, hi int) {}

// BenchmarkRunRoundTrip times a run of two empty grains on two workers:
// waking the helper, its grain or none (the caller may take both), and
// waiting for it; what a run costs beyond its work.
func BenchmarkRunRoundTrip(b *testing.B) {
	p := New(2)
	defer p.Close()
	b.ReportAllocs()
	for b.Loop() {
		p.Run(2, 1, nopJob{})
	}
}

// spin50 keeps a goroutine busy for about 50 us per index.
type spin50 struct{}

func (spin50) Do(lo, hi int) {
	x := 1.0
	for i := lo * 20000; i < hi*20000; i++ {
		x = x*1.0000001 + 1e-9
	}
	sinkF = x
}

var sinkF float64

// BenchmarkRunTwoGrains times a run of two grains of equal work on two
// workers (Workers1 is the same work on one): the excess over half of the
// one-worker time is the helper's wake-up and the caller's wait.
func BenchmarkRunTwoGrains(b *testing.B) {
	for _, w := range []int{1, 2} {
		b.Run(map[int]string{1: "workers=1", 2: "workers=2"}[w], func(b *testing.B) {
			p := New(w)
			defer p.Close()
			b.ReportAllocs()
			for b.Loop() {
				p.Run(2, 1, spin50{})
			}
		})
	}
}
