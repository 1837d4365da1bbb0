package ikanim

import (
	"fmt"
	"testing"
)

func TestCreatureDiag2(t *testing.T) {
	s := newCreatureScene(t)
	dt := 1.0 / 60
	for f := 0; f < 300; f++ {
		s.step(dt)
		for _, ci := range []int{2, 3} {
			c := s.c[ci]
			if f%20 != 0 {
				continue
			}
			st := ""
			for i := range c.legs {
				l := &c.legs[i]
				ch := "P"
				if l.state == creatureStepping {
					ch = "s"
				} else if l.state == creatureDangling {
					ch = "d"
				}
				st += fmt.Sprintf("%s%.2f ", ch, c.legStretch(i, l.hip, l.foot))
			}
			fmt.Printf("c%d f%d pos %.1f,%.1f up %.2f,%.2f v %.1f hold %.2f %s\n", ci, f, c.pos[0], c.pos[1], c.up[0], c.up[1], c.speed, c.hold, st)
		}
	}
}
