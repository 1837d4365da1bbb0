package workpool

import (
	"sync/atomic"
	"testing"
)

type countJob struct{ hits []int32 }

func (j *countJob) Do(lo, hi int) {
	for i := lo; i < hi; i++ {
		atomic.AddInt32(&j.hits[i], 1)
	}
}

func TestEveryIndexOnce(t *testing.T) {
	for _, workers := range []int{1, 2, 3, 8} {
		p := New(workers)
		for _, n := range []int{0, 1, 2, 7, 100, 1001} {
			j := &countJob{hits: make([]int32, n)}
			p.Run(n, 0, j)
			for i, h := range j.hits {
				if h != 1 {
					t.Fatalf("%d workers, n %d: index %d done %d times", workers, n, i, h)
				}
			}
		}
		p.Close()
		j := &countJob{hits: make([]int32, 5)}
		p.Run(5, 0, j) // after Close: on the caller
		if j.hits[4] != 1 {
			t.Fatal("Run after Close did not do the work")
		}
	}
}

func TestRunDoesNotAllocate(t *testing.T) {
	p := New(2)
	defer p.Close()
	j := &countJob{hits: make([]int32, 64)}
	if a := testing.AllocsPerRun(200, func() { p.Run(64, 0, j) }); a != 0 {
		t.Errorf("Run allocates %v times", a)
	}
}
