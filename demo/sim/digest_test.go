package sim

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"hash"
	"hash/fnv"
	"io"
	"math"
	"os"
	"testing"

	"github.com/ikanim/kit/ikanim"
	"github.com/ikanim/kit/terrain"
)

// digest hashes (FNV-64 over math.Float64bits) every bone's world start,
// end and angle each frame of one or more rigs, and optionally writes the
// same numbers to a file so two runs can be compared number by number.
type digest struct {
	h   hash.Hash64
	out *bufio.Writer
	buf [8]byte
	n   int
}

func (d *digest) put(x float64) {
	binary.LittleEndian.PutUint64(d.buf[:], math.Float64bits(x))
	d.h.Write(d.buf[:])
	if d.out != nil {
		d.out.Write(d.buf[:])
	}
	d.n++
}

// rig records every bone of r in the world.
func (d *digest) rig(r *ikanim.Rig) {
	for i := range r.Def().NumBones() {
		s, e := r.Joint(i)
		d.put(s[0])
		d.put(s[1])
		d.put(e[0])
		d.put(e[1])
		d.put(r.BoneAngle(i))
	}
}

// TestBehaviourDigest runs the biped course harness (40 courses at 30, 60
// and 144 TPS) and the walk, animation and climb scenes for 20 s each at
// 60 TPS, and logs one FNV-64 digest per part of every bone's world
// position and angle in every frame: an optimisation that must not change
// behaviour must leave them identical. It runs only with BIPED_DIGEST=1;
// with BIPED_DIGEST_DUMP=dir it also writes each part's numbers to a file
// there, and with BIPED_DIGEST_BASE=dir it reports the largest absolute
// difference from the numbers a base run dumped there.
func TestBehaviourDigest(t *testing.T) {
	if os.Getenv("BIPED_DIGEST") != "1" {
		t.Skip("set BIPED_DIGEST=1")
	}
	dump, base := os.Getenv("BIPED_DIGEST_DUMP"), os.Getenv("BIPED_DIGEST_BASE")
	run := func(name string, body func(d *digest)) {
		d := &digest{h: fnv.New64a()}
		if dump != "" {
			f, err := os.Create(dump + "/" + name + ".bin")
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			d.out = bufio.NewWriterSize(f, 1<<20)
		}
		body(d)
		if d.out != nil {
			if err := d.out.Flush(); err != nil {
				t.Fatal(err)
			}
		}
		msg := fmt.Sprintf("%-10s %016x (%d numbers)", name, d.h.Sum64(), d.n)
		if base != "" && dump != "" {
			diff, err := maxAbsDiff(base+"/"+name+".bin", dump+"/"+name+".bin")
			if err != nil {
				t.Fatal(err)
			}
			msg += fmt.Sprintf(" max |diff| from base %.3g", diff)
		}
		t.Log(msg)
	}
	for _, tps := range []int{30, 60, 144} {
		run(fmt.Sprintf("course%d", tps), func(d *digest) {
			for seed := range uint64(40) {
				s, err := NewCourse(Art{}, seed, terrain.BipedCourseOptions{})
				if err != nil {
					t.Fatal(err)
				}
				dt := 1 / float64(tps)
				limit := int((s.Course.Goal[0]-s.Course.Start[0])/s.Speed*float64(tps)) + 2*tps
				for range limit {
					s.Step(dt)
					d.rig(s.Rig)
				}
			}
		})
	}
	const frames = 20 * 60
	run("walk", func(d *digest) {
		s, err := NewWalk(Art{})
		if err != nil {
			t.Fatal(err)
		}
		for range frames {
			s.Step(1.0 / 60)
			d.rig(s.Rig)
		}
	})
	run("animation", func(d *digest) {
		s, err := NewAnimation(Art{})
		if err != nil {
			t.Fatal(err)
		}
		for range frames {
			s.Step(1.0 / 60)
			d.rig(s.Hero)
		}
	})
	run("climb", func(d *digest) {
		s, err := NewClimb(Art{})
		if err != nil {
			t.Fatal(err)
		}
		for range frames {
			s.Step(1.0 / 60)
			d.rig(s.Rig)
			d.rig(s.Swinger)
		}
	})
	run("bipedframe", func(d *digest) {
		s := newBipedFrame(t)
		for range 60 * 60 {
			s.step(1.0 / 60)
			d.rig(s.rig)
		}
	})
}

// maxAbsDiff is the largest absolute difference between the float64s of
// two dumps (+Inf if their lengths differ or a NaN appears in one only).
func maxAbsDiff(a, b string) (float64, error) {
	fa, err := os.Open(a)
	if err != nil {
		return 0, err
	}
	defer fa.Close()
	fb, err := os.Open(b)
	if err != nil {
		return 0, err
	}
	defer fb.Close()
	ra, rb := bufio.NewReaderSize(fa, 1<<20), bufio.NewReaderSize(fb, 1<<20)
	var ba, bb [8]byte
	m := 0.0
	for {
		_, ea := io.ReadFull(ra, ba[:])
		_, eb := io.ReadFull(rb, bb[:])
		if ea != nil || eb != nil {
			if (ea == nil) != (eb == nil) {
				return math.Inf(1), nil
			}
			return m, nil
		}
		x := math.Float64frombits(binary.LittleEndian.Uint64(ba[:]))
		y := math.Float64frombits(binary.LittleEndian.Uint64(bb[:]))
		if math.IsNaN(x) != math.IsNaN(y) {
			return math.Inf(1), nil
		}
		if dx := math.Abs(x - y); dx > m {
			m = dx
		}
	}
}
