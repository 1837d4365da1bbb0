package ikanim

import (
	"fmt"
	"testing"

	"github.com/ikanim/ikanim/ikanim/quality"
)

func TestCreatureDiag(t *testing.T) {
	s := newCreatureScene(t)
	ms := make([]quality.Meter, len(s.c))
	st := make([][MaxCreatureLegs]quality.Stance, len(s.c))
	bd := make([][MaxCreatureLegs]quality.Bend, len(s.c))
	dt := 1.0 / 60
	for f := 0; f < 24*60; f++ {
		s.step(dt)
		for ci, c := range s.c {
			m := &ms[ci]
			for i := 0; i < c.LegCount(); i++ {
				l := c.Leg(i)
				st[ci][i].Track(m, l.Planted, l.Foot)
				if c.Def().legs[i].chain == nil {
					_ = m.BendFlips()
					bd[ci][i].Track(m, l.Hip, l.Knee, l.Ankle, 1)
					if false {
						fmt.Printf("c%d f%d leg %d flip hip %v knee %v ankle %v up %v\n", ci, f, i, l.Hip, l.Knee, l.Ankle, c.Up())
					}
				}
				if l.Planted {
					g := creatureMeasureGap(s.world, l.Foot, l.Normal)
					if g > 0.2 {
						fmt.Printf("c%d f%d leg %d gap %.2f foot %v contact %v n %v\n", ci, f, i, g, l.Foot, l.Contact, l.Normal)
					}
					m.Contact(g)
				}
			}
		}
	}
	for ci := range s.c {
		m := &ms[ci]
		fmt.Printf("c%d pos %v up %v: gap mean %.3f max %.3f pen %.3f slip %.3f stances %d flips %d\n", ci, s.c[ci].Position(), s.c[ci].Up(), m.ContactGapMean(), m.ContactGapMax(), m.PenetrationMax(), m.FootSlipMax(), m.Stances(), m.BendFlips())
	}
}
