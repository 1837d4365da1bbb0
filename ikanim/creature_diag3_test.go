package ikanim

import (
	"fmt"
	"testing"
)

func TestCreatureDiag3(t *testing.T) {
	s := newCreatureScene(t)
	dt := 1.0 / 60
	n := 0
	for f := 0; f < 24*60; f++ {
		s.step(dt)
		for ci, c := range s.c {
			for i := range c.legs {
				l := &c.legs[i]
				if l.state == creaturePlanted && l.tip.Sub(l.foot).Len() > 0.3 && n < 25 {
					n++
					fmt.Printf("c%d f%d leg %d off %.2f stretch %.3f hold %.2f pos %.1f,%.1f up %.2f,%.2f planted %d\n", ci, f, i, l.tip.Sub(l.foot).Len(), c.legStretch(i, l.hip, l.foot), c.hold, c.pos[0], c.pos[1], c.up[0], c.up[1], c.planted)
				}
			}
		}
	}
}

func TestCreatureDiag5(t *testing.T) {
	s := newCreatureScene(t)
	dt := 1.0 / 60
	n := 0
	for f := 0; f < 24*60; f++ {
		s.step(dt)
		for ci, c := range s.c {
			for i := range c.legs {
				l := &c.legs[i]
				if l.state != creaturePlanted {
					continue
				}
				g := creatureMeasureGap(s.world, l.tip, l.normal)
				if g < -0.3 && n < 25 {
					n++
					fmt.Printf("c%d f%d leg %d gap %.2f tip %v foot %v n %v pos %.1f,%.1f up %.2f,%.2f\n", ci, f, i, g, l.tip, l.foot, l.normal, c.pos[0], c.pos[1], c.up[0], c.up[1])
				}
			}
		}
	}
}
