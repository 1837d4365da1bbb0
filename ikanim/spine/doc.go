// Package spine imports skeletons made with Spine (Esoteric Software's 2D
// animation editor) from its JSON export format, version 4.x, and its
// texture atlases, into this module's rigs: bones, region attachments as
// sprites, IK constraints as limbs and animations as clips.
//
//	skel, err := spine.Load(jsonFile, nil)          // bones, slots, IK, animations; no images
//	atlas, err := spine.LoadAtlas(fsys, "hero.atlas") // pages decoded with image.Decode
//	model, err := skel.Build(atlas.Sprites())       // the RigDef and one Clip per animation
//	hero, err := model.NewRig()                     // a rig with the IK constraints' controller
//	hero.Source = model.Clip("walk")
//	// every frame: hero.Update(dt); hero.Draw(screen, opts)
//
// Everything up to Build runs without a GPU: the atlas gives its regions
// as image.Image values (Atlas.RegionImage); only Atlas.Sprites makes
// ebiten images, and Build draws one only for an attachment whose image
// must be scaled or mirrored.
//
// # Frames and angles
//
// Spine's y axis points up and its angles, in degrees, turn
// counter-clockwise; this module's y points down and its angles, in
// radians, turn clockwise on screen. The import is the mirror y -> -y: a
// Spine point (x, y) is the character-frame point (x, -y) (the skeleton's
// origin is the rig's Position), and a Spine angle of t degrees is the
// angle -t*pi/180. A picture therefore looks the same on both screens: a
// bone Spine turns up by 10 degrees is turned up here, by -0.1745 rad. A
// rotate key r (Spine's offset from the setup rotation) turns the bone's
// local angle by -r*pi/180 from its rest (+r under a mirrored parent, one
// with a negative scale).
//
// # Bones
//
// Spine's world transforms of the setup pose are computed as Spine
// computes them (2x3 matrices, every inherit mode: normal, onlyTranslation,
// noRotationOrReflection, noScale, noScaleOrReflection; scale and shear
// included), and each rig bone takes its start point and direction from
// them: its Attach and Rest are exact for any setup pose, and its Length
// is Spine's length times the bone's world scale along its x axis.
// Skeleton.Bones[i] is Spine's bone i, with its name. Animated, the rig
// turns bones rigidly, as Spine does for bones with a uniform scale and
// the normal inherit mode; for the others the setup pose is exact and the
// motion an approximation (listed in Skeleton.Skipped).
//
// # Slots and region attachments
//
// Each slot whose setup attachment is a region of the default skin gets
// a bone of its own, named SlotPrefix + the slot's name, a child of the
// slot's bone with no length: it starts at the attachment's centre (x, y)
// and points along the attachment's rotated x axis, and its sprite is the
// region drawn centred there, at the attachment's width and height times
// its scaleX and scaleY (and the bone's world scale); a mirrored result
// (a negative scale) flips the image. The slot's place in the draw order
// is its bone's Layer, and the slot's and the attachment's colours
// multiply into the bone's Tint. Sprites come from an ikanim.SpriteSource
// by the attachment's path (its region name); a source's own Pivot and
// Length are not used.
//
// # IK constraints
//
// A 2-bone constraint becomes a two-bone limb: Bend +1 for bendPositive
// (the middle joint on the clockwise side of the root-to-target line on
// the y-down screen, where Spine's positive bend puts it too), -1
// otherwise. The rig needs the second bone at the end of the first, so the
// first rig bone points at the second's start and is as long as the
// distance to it (Spine's solver measures the first bone the same way). A
// child of the tip that does not inherit rotation (noRotationOrReflection
// or onlyTranslation, a foot) becomes the limb's Effector and keeps its
// angle. A 1-bone constraint becomes a look-at limb. Limbs are in Spine's
// constraint order ("order", or the place in Spine 4.3's "constraints"
// list, whose IK entries are read the same way). Spine's targets are bones, so the IKTargets controller
// (Model.NewRig adds it) sets each limb's target to its target bone's
// animated position every frame, and its weight to the mix: the setup
// mix, bendPositive and softness (ik.TwoBone.Softness), or their keyed
// values in the playing animation.
//
// # Animations
//
// Each animation becomes an ikanim.Clip (Model.Clips; the JSON clip format
// in Animation.Clip): bone rotate timelines as bone tracks, the root
// bone's translate (or translatex/translatey) timeline as the clip's root
// offset. Linear, stepped and Bezier curves (Spine 4's absolute control
// points) are evaluated exactly and baked at Options.BakeRate samples per
// second and at every key, so key poses are exact. IK timelines (mix,
// bendPositive, softness) and the translate timelines of IK target bones
// are played by IKTargets. Clips loop unless Options.Once is set; an
// animation lasts until its last key of any timeline.
//
// # Not imported
//
// Skeleton.Skipped lists, one line each, what a file holds that is not
// imported or only approximated:
//
//   - attachments other than regions: meshes and linked meshes, bounding
//     boxes, paths, points, clipping; sequences (the base region is drawn);
//   - skins other than "default", and skin-required bones and constraints
//     (bones are kept, constraints dropped);
//   - transform, path, physics and slider constraints;
//   - IK compress, stretch and uniform;
//   - translate timelines of bones other than the root and IK targets (a
//     hip bob: the rig cannot move a bone from its parent), scale, shear
//     and inherit timelines;
//   - slot timelines (attachment swaps, colours), draw order, events,
//     deform, sequence and slider timelines;
//   - blend modes (drawn as normal) and dark colours (two-colour tint);
//   - non-uniform scale, shear and inherit modes other than normal once
//     animated (the setup pose is exact).
//
// Spine 3.x JSON files are rejected with an error (their curves and skins
// differ); the binary .skel format is not read. Errors name the JSON path
// of the value at fault, e.g. spine: animations["walk"].bones["hip"]
// ["rotate"][2].time: ...
package spine
