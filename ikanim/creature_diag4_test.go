package ikanim

import (
	"fmt"
	"testing"
)

func TestCreatureDiag4(t *testing.T) {
	s := newCreatureScene(t)
	dt := 1.0 / 60
	c := s.c[4]
	for f := 0; f < 300; f++ {
		s.step(dt)
		if f < 200 || f%6 != 0 {
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
			st += fmt.Sprintf("%s%.2f/%.2f ", ch, c.legStretch(i, l.hip, l.foot), l.foot.Sub(c.homeWorld(i)).Len()/c.def.Gait.StepDistance)
		}
		fmt.Printf("f%d pos %.1f,%.1f up %.2f,%.2f v %.1f hold %.2f %s\n", f, c.pos[0], c.pos[1], c.up[0], c.up[1], c.speed, c.hold, st)
	}
}
