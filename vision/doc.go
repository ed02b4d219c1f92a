// Package vision reads a Gomoku/Go board from camera frames.
//
// The pipeline, frame by frame:
//
//   - Locate (or LocateWithin, with ArUco markers from package
//     vision/aruco) finds the four outer grid corners with no help: the
//     grid's thin dark lines are picked out by a black-hat filter
//     normalised by the local response, long straight strokes are kept
//     (probabilistic Hough), the net they form gives candidate outlines,
//     and an n x n lattice (a homography) is fitted to the line response
//     of each; the best fit wins. An outline may miss outer lines
//     (stones or sunlight along an edge) or take in the board's edge, so
//     its extensions by a few lines are fitted too, and the fit slides
//     whole lines; the lattice score counts the bare margin just outside
//     the outer lines against it, so a lattice one line too far out loses.
//     A weak fit (faint lines broken by many stones, a board on a
//     patterned cloth or table) searches again with a fainter net and
//     with the board's outline, whose grid lies a margin inside it: the
//     outline of its edges, or of a large convex patch of one colour
//     (on a checked cloth the cloth's edges join the board's edge).
//     Then, as when lines are left uncovered or one margin is unlike the
//     others, lattices from combs of long straight lines join the fits
//     (each family's comb also crossed with the lines where its own
//     lines end: a row of the board along the planks gets the planks'
//     comb), and the choice among them also weighs how unlike the
//     surround a lattice looks inside (a checked cloth's own lattice
//     looks the same inside and beyond; a photo cropped close round the
//     board, showing nothing beyond, counts as a board); the choice is
//     slid whole lines and stretched to twice its span along each axis
//     (a lattice of half the pitch over half a sunlit board), and climbed
//     a fraction of a step where the line response's fit stopped short of
//     it. Each outline's inset grids, fitted briefly,
//     join as they are: on a crowded board seen steeply the crevices
//     between stones make lines of their own that every other fit
//     slides onto. A lattice that one of the board's outlines
//     frames, with alike margins on every side, wins over a choice just
//     above it that no outline frames (a line off, or the cloth's).
//     A candidate ranked nearly as high that the stones read clearly
//     surer on replaces the choice: where one family of lines is faint
//     (blurred along its length, little contrast) the choice may take a
//     lattice of the wrong pitch along it, whose points fall between
//     the stones.
//     Last, a lattice the stones read unsure on is checked against them:
//     where the crevices' lattice outweighs the grid's few bare lines,
//     every fit on the line response ends half a step off, between the
//     stones; the lattice moved to where the stone tops are even discs,
//     a whole line either way as the outline frames it, and fitted on
//     the reading's confidence, replaces it if the stones read clearly
//     surer there (the plain reading: the steps that read only the
//     chosen lattice, see below, are left out). A lattice of half the grid's pitch along one axis
//     (the crevices between rows of touching stones are lines as
//     straight as the grid's) is told by its every other line running
//     between the stones, and is doubled over the whole board first. A
//     lattice that reads surely on a crowded board is moved a line over
//     where only the moved one is framed by the board's outline (where
//     none is, skewed off the grid along one side, onto the grids inset
//     in the outline, fitted on the stone tops), and onto the evenest
//     stone tops near it, each where the stones read surer. A board so full that its crevices answer as strongly as its
//     lines fits the line response hardly at all: the stones vouch for it
//     (crossings on most lines, an outline framing it, a sure reading)
//     rather than Locate finding no grid. GridFit scores given corners
//     the same way. RefineCorners moves
//     corners known to a fifth of a step onto the lines of the
//     full-resolution frame (each bare stretch of line found across a
//     short profile to a fraction of a pixel, the lattice fitted to all),
//     and refuses corners where few bare stretches show a line. Locate
//     works on a reduced frame and scatters by a few pixels; the robot
//     (package rig) and its simulated camera refine the corners so that
//     the arm, following a bumped board, does not chase that scatter.
//     With a fixed camera the corners come from the calibration file
//     instead (package calibration).
//   - ReadStones samples every intersection through that homography. A
//     pinhole camera recovered from the homography (Zhang's constraints
//     on one plane, principal point at the centre) tells where a stone's
//     top appears in oblique views, so the stone is sampled where it is
//     seen, not at its foot; seen steeply, the part of a stone's foot
//     that a stone on a nearer point would hide is left out (a black
//     stone behind a white one would take its foot's brightness from the
//     white). Black: a dark top and foot against the local board (amid
//     a cluster of black stones, whose crevices show as lines, a local
//     board far darker than the bare board and grey is taken for
//     stones, and the bare board further off is the reference instead),
//     unless it is only as dark as shade makes wood and shows its
//     lines in every direction in the wood's colour; or, for a glassy
//     stone in glare, a grey top hiding its lines and darker than the
//     tinted wood right beside it. White: grid lines hidden, a top brighter than the board in
//     brightness and in the lowest colour channel (wood is yellow: low in
//     blue; a white stone is neutral), and the shape of a stone: a disc,
//     evenly bright on top, whose rim dips to something darker (board,
//     crease or shadow) in nearly every direction within the radius the
//     camera model allows for its height; its centre is searched near the
//     point. A patch of sunlight or glare is larger than a stone or
//     narrower, and fails that; one of a stone's size still shows its
//     lines faintly in every direction and is tinted as lit wood is,
//     where a stone hides a line or is grey. A black stone left off its point (up to
//     about half a step) is found as a stone-sized dark disc, top and
//     foot, against the bare board, and counts on the point nearest its
//     centre; the search looks past stones already read (a darker one
//     beside may lie nearer), and finds each stone once. A white stone
//     further off its point than the disc search reaches is found by its
//     disc around a shifted centre, where the point hides its line in one
//     direction, the top there is grey and the lines under its middle are
//     hidden (a round patch of light shows them faintly); it is looked for
//     where the white stones around lie (corners a little off or parallax
//     larger than allowed for move a region's stones alike) and counts on
//     the point nearest in that frame, doubtful where it lies nearer
//     another point. A white stone read beside one, touching it, may hide
//     the crease between them: the rays into it tell nothing of the rim.
//     A point that hides its lines and that no rule
//     reads takes the colour of the stones read around it when it looks
//     like them: black when nearer their brightness than the board's (a
//     sparkly set on pale wood), white when its colour is theirs rather
//     than the wood's and it shows a stone's edge in most directions.
//     Last, on the board's own lattice, a point still empty that hides
//     its lines in every direction and is about as bright as the board
//     around (a cream, tinted or white board, a printed diagram whose
//     white stones are outlines, pale wood washed out by glare) is read by
//     a white stone's shape alone, whatever the board's colour: an even
//     top, and a round outline, a step in brightness (up or down, in
//     either plane) at a stone's radius in nearly every direction and not
//     before, the rim points on a circle of at most a stone's radius (a
//     patch of glare has no edge there; a cell centre, where a misplaced
//     lattice puts a point, is framed by a square of lines half a step
//     out). Then a point read white whose top is bright near the
//     camera's clipping yet keeps the wood's tint is sunlit wood, not a
//     stone (lit that brightly a white stone is grey): the edge of a patch
//     of sunlight across a point seems to hide its line. Every
//     threshold is relative to the board's own brightness and line
//     contrast nearby, so uneven light, shadows and glare move both sides
//     alike. Each point gets a confidence.
//   - Tracker turns readings into events: a change is accepted only when
//     it holds for several frames; doubtful frames (a hand or the arm
//     over the board) are waited out, and a frame doubtful at no more
//     than Unsure points (a patch of sunlight) is read as it reads;
//     placed, several, removed, moved to a neighbour and a shifted board
//     are told apart, each with the frame that proved it.
//   - Watcher reads a camera's frames into the tracker: it undoes the
//     lens, gives a frame cast in another colour (a lamp switched on)
//     the wood's colour of the first frame it read surely, and finds a
//     moved board again, moving there only where the stones read surely.
//   - StandingDoubts tells a doubt that is the light from news: a point
//     doubted, looking (its pixels, within a frame's noise) as it did
//     before the board last changed (a patch of sunlight that washes its
//     lines out all game) is standing; one that arose since, or looks
//     otherwise (a stone set there, a hand), is news.
//   - DrawOverlay draws what was read for the web page and for debugging.
//
// Frames come from package vision/capture; vision/synth renders test
// frames (and the simulator's camera) with ground truth. Photos are read
// on their raw pixels: EXIF orientation is ignored (vision/exif reads
// it, for tests whose labels follow the rotated view). More labelled
// photos, kept outside the repository, are checked by
// TENGEN_EXTRA_PHOTOS=/folder go test -run TestExtraPhotos ./vision/
// (folder layout: see phototest.LoadDir).
package vision
