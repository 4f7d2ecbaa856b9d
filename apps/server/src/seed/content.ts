/**
 * The words of the demo world: communities, people, posts, comments, the media
 * library and the shop. All original: no real series, studios, characters or
 * trademarks; links point at the reserved example.com/.org/.net domains.
 */

export const DEMO_EMAIL = 'demo@otakura.local';
export const DEMO_PASSWORD = 'otakura-demo';

// ---------------------------------------------------------------- communities

export interface CommunityContent {
  name: string;
  slug: string;
  about: string;
  /** Text posts written for this community. */
  textPosts: ReadonlyArray<{ title: string; body: string }>;
  /** Titles for image and gif posts. */
  pictureTitles: readonly string[];
  /** Titles for video posts. */
  videoTitles: readonly string[];
}

export const COMMUNITIES: readonly CommunityContent[] = [
  {
    name: 'Mecha Garage',
    slug: 'mecha-garage',
    about:
      'Giant robots, cockpit layouts, hangar bays and the people who build plastic kits of them at 2 a.m. Post your builds, your favourite transformation sequences and your strongest opinions about shoulder armour.',
    textPosts: [
      {
        title: 'Why do hangar scenes hit so hard?',
        body: 'Every mecha show has that quiet scene in the hangar before the big sortie: mechanics shouting, the pilot alone on a catwalk, the machine lit from below. Nothing happens and it is still my favourite part. What is it about those scenes for you?',
      },
      {
        title: 'Panel lining tips for a first kit',
        body: 'Finished my first snap-fit kit last weekend. Panel lining with a fine pen looked messy until I switched to a thin wash and wiped it off with a cotton swab dipped in thinner. Patience beats skill here. Post your beginner tips below!',
      },
      {
        title: 'Real robot or super robot: pick one forever',
        body: 'You can only watch one kind for the rest of your life. Ammunition counts, maintenance crews and politics, or combining machines, named attacks and a sword the size of a building? I am torn and need you to decide for me.',
      },
      {
        title: 'Cockpit designs that actually make sense',
        body: 'Spherical screens, motion seats, plain levers with a worn grip... Which fictional cockpit would you trust in a fight? I like the ones that feel cramped and used, with stickers the pilot added themselves.',
      },
      {
        title: 'The sound of servos is a whole genre',
        body: 'Rewatched a fight scene with headphones and realised half of the excitement is the sound design. The whir before a joint locks, the hiss of vents, the heavy step. Foley artists deserve a thread of their own.',
      },
    ],
    pictureTitles: [
      'Finished my hangar diorama',
      'Night sortie sketch',
      'Custom paint scheme, take two',
      'Weathering test on a shoulder plate',
      'Sunset launch from the carrier deck',
      'Cockpit interior study',
    ],
    videoTitles: ['Timelapse of a six hour build', 'Launch sequence I animated in my free time'],
  },
  {
    name: 'Slice of Life Café',
    slug: 'slice-of-life-cafe',
    about:
      'Warm drinks, small moments and shows where the biggest conflict is who forgot the umbrella. Cosy recommendations, comfort rewatches and appreciation for background art of ordinary streets.',
    textPosts: [
      {
        title: 'Shows that feel like a warm blanket',
        body: 'Rainy week here. Looking for something gentle: a small town, a club with four members, someone learning to cook. No big twists please, just good people having good days. What do you put on when you need calm?',
      },
      {
        title: 'The convenience store at night is a character',
        body: 'Noticed how often a late-night convenience store shows up in quiet series. Bright lights, a bored clerk, a hot snack shared on the kerb outside. It always signals a conversation that matters. Anyone else love these scenes?',
      },
      {
        title: 'Food animation that made me hungry at midnight',
        body: 'The steam rising off a bowl of soup, the crackle of a fresh omelette folding over rice... I now cook along with episodes. Drop the food scene that changed your dinner plans.',
      },
      {
        title: 'Rewatching my comfort series for the fifth time',
        body: 'I know every line and I still laughed at the festival episode. There is something healing about a story where you already know everyone will be okay. Which show is your fifth rewatch?',
      },
      {
        title: 'Background art appreciation thread',
        body: 'Power lines against an evening sky, a bicycle parked by a vending machine, laundry on a balcony. Share screenshots or paintings of ordinary places that look beautiful in animation.',
      },
    ],
    pictureTitles: [
      'Drew our café corner in watercolour',
      'Evening train home',
      'Matcha latte art attempt',
      'Rainy window study',
      'Club room after school',
      'Festival lanterns at dusk',
    ],
    videoTitles: ['Cooking the omelette rice from episode 4', 'Ambient rain loop for studying'],
  },
  {
    name: 'Isekai Travel Agency',
    slug: 'isekai-travel-agency',
    about:
      'Booking one-way trips to other worlds since forever. Discuss status screens, overpowered starts, slow-life farming arcs and the eternal question of why the truck is always involved.',
    textPosts: [
      {
        title: 'Pitch your isekai in one sentence',
        body: 'Mine: a tax accountant is reborn as a dungeon and has to balance the monster budget before the heroes arrive. Give me your best one-liners, the stranger the better.',
      },
      {
        title: 'Slow-life arcs are underrated',
        body: 'Everyone talks about the battles, but my favourite episodes are when the hero builds a house, plants turnips and argues with a dragon about fence height. Give me more farming and less demon lords.',
      },
      {
        title: 'Which skill would you pick on arrival?',
        body: 'Infinite storage, language comprehension, or appraisal? I think appraisal is secretly the strongest: knowing what everything is worth and whether the soup is poisoned sounds like a survival plan.',
      },
      {
        title: 'Status screens: love them or skip them?',
        body: 'Some shows pause for full stat sheets every episode. I enjoy the numbers going up, my friend fast-forwards every time. Where do you stand?',
      },
      {
        title: 'Tourist guide to a fantasy capital',
        body: 'Wrote a little guide for fun: best tavern for first-time adventurers, the guild clerk who never smiles, and where to rent a room that is not above a stable. Add your own tips for travellers.',
      },
    ],
    pictureTitles: [
      'Map of the continent I am worldbuilding',
      'Guild hall at noon',
      'Floating island concept',
      'My party at level one',
      'Dungeon entrance, moody version',
      'Market district sketch',
    ],
    videoTitles: ['Animated my status screen idea', 'Short clip: the portal opens'],
  },
  {
    name: 'Seasonal Watch Club',
    slug: 'seasonal-watch-club',
    about:
      'Weekly episode threads, mid-season rankings and the annual argument about what counts as a sleeper hit. Tag spoilers, be kind to late watchers.',
    textPosts: [
      {
        title: 'Mid-season check-in: what are you still watching?',
        body: 'Started the season with eleven shows, I am down to five. Dropped two for pacing and the rest because life happened. What survived on your list and what surprised you?',
      },
      {
        title: 'Episode 7 discussion (spoilers tagged)',
        body: 'That last scene on the bridge! I did not expect the quiet character to be the one who speaks up. Please tag spoilers for anyone still catching up.',
      },
      {
        title: 'Sleeper hit of the season, calling it now',
        body: 'The show about the small-town radio station has no hype and one of the best scripts this year. Dialogue that sounds like real people. Give it three episodes.',
      },
      {
        title: 'Openings you refuse to skip',
        body: 'Some openings are just two minutes of perfect editing. I watch them every single time even though I have the song on repeat already. Which ones are on your no-skip list?',
      },
      {
        title: 'Weekly or binge: how do you watch?',
        body: 'Waiting a week gives me time to theorise with friends, but binging a finished season feels amazing too. Which do you prefer and why?',
      },
    ],
    pictureTitles: [
      'My season bingo card',
      'Tier list poster for this season',
      'Fan poster for the radio station show',
      'Watch party setup',
      'Episode 7 bridge scene redraw',
      'Season calendar wallpaper',
    ],
    videoTitles: ['Reaction edit of the week', 'Mid-season recap in sixty seconds'],
  },
  {
    name: 'Sakuga Moments',
    slug: 'sakuga-moments',
    about:
      'Frame-by-frame love for animation craft: impact frames, smear frames, effects animation and the key animators behind the scenes we rewind ten times.',
    textPosts: [
      {
        title: 'Smear frames explained for newcomers',
        body: 'A smear is a single drawing that stretches a shape along its motion path so fast movement reads as one blur instead of a stutter. Pause any good fight and you will find a few. Share your favourite examples!',
      },
      {
        title: 'Effects animation deserves more credit',
        body: 'Water splashes, smoke, sparks, falling debris: effects animators make a scene feel physical. I made a list of my favourite fire animation and it is longer than my grocery list.',
      },
      {
        title: 'Rewinding that one running cycle',
        body: 'There is a running scene where the character stumbles, recovers and keeps going, all in a few seconds. The weight shift sells the exhaustion. Small acting like that is my favourite kind of sakuga.',
      },
      {
        title: 'How limited animation creates style',
        body: 'Holding a pose for eight frames then snapping to the next can feel stronger than full animation. Timing is a choice, not a budget cut. Discuss!',
      },
      {
        title: 'Learning 2D animation as an adult',
        body: 'Started practising bouncing balls and walk cycles at 31. It is humbling and fun. Any tips for staying consistent with practice after work?',
      },
    ],
    pictureTitles: [
      'Impact frame study',
      'Smear frame breakdown',
      'Key pose sheet from my practice',
      'Fire effects exercise',
      'Lighting pass experiment',
      'Storyboard thumbnails',
    ],
    videoTitles: ['My first walk cycle, be gentle', 'Bouncing ball with squash and stretch'],
  },
  {
    name: 'Magical Girl Transformation Hall',
    slug: 'magical-girl-hall',
    about:
      'Ribbons, wands, friendship speeches and transformation sequences that last exactly as long as they need to. Fan designs, costume ideas and appreciation for the mascots with questionable motives.',
    textPosts: [
      {
        title: 'Design your own transformation item',
        body: 'Mine is a compact mirror that opens into a star-shaped staff. The gem changes colour with your mood, which is inconvenient in battle. Describe yours!',
      },
      {
        title: 'Mascots you would never trust',
        body: 'Small, fluffy, offers a contract with suspiciously vague terms. At this point I read the fine print before any cute creature speaks. Which mascot archetype makes you nervous?',
      },
      {
        title: 'Why transformation sequences repeat',
        body: 'Reusing the same sequence every episode saved animation time, but it also became a ritual for the audience. Now it is part of the fun. Which repeat do you never skip?',
      },
      {
        title: 'Darker takes on the genre',
        body: 'I love the sweet classics, and I also love the stories that ask what it costs to be a hero at fourteen. Recommendations for both moods welcome, original stories too.',
      },
    ],
    pictureTitles: [
      'Original magical girl design',
      'Wand concept sheet',
      'Team of five, colour-coded',
      'Transformation pose sketch',
      'Mascot with suspicious eyes',
      'Starry ribbon pattern',
    ],
    videoTitles: ['Animated transformation test', 'Sparkle effect loop'],
  },
  {
    name: 'Shonen Training Grounds',
    slug: 'shonen-training-grounds',
    about:
      'Training arcs, rival handshakes, tournament brackets and power systems explained with diagrams. Yelling the name of your attack is encouraged.',
    textPosts: [
      {
        title: 'The best part of any story is the training arc',
        body: 'Give me a mountain, a grumpy master and a montage of failing at the same exercise forty times. The payoff when the hero finally gets it is unbeatable.',
      },
      {
        title: 'Power systems with real rules',
        body: 'I love systems where a power has a clear cost: you lose time, memory or a bit of your senses. It makes every fight a decision instead of a shouting contest.',
      },
      {
        title: 'Rivals who become friends',
        body: 'The moment the rival shows up to help in the final battle, I lose it every time. What makes a rivalry believable for you?',
      },
      {
        title: 'Tournament arcs: yay or nay?',
        body: 'Brackets are a great way to show off a huge cast, but some go on forever. What is the ideal length for a tournament arc?',
      },
    ],
    pictureTitles: [
      'Rival showdown redraw',
      'Training mountain landscape',
      'Power system diagram',
      'Tournament bracket poster',
      'Final attack charge-up',
      'Dojo at dawn',
    ],
    videoTitles: ['Fight choreography practice', 'Charge-up effect I animated'],
  },
  {
    name: 'Mystery & Detective Bureau',
    slug: 'mystery-detective-bureau',
    about:
      'Locked rooms, unreliable narrators and clues hidden in the background of episode two. Theories welcome; spoilers behind tags, always.',
    textPosts: [
      {
        title: 'Fair-play mysteries: the clue was on screen',
        body: 'I love when the solution was visible the whole time: a clock slightly wrong, a cup on the wrong side. Rewatching with the answer feels like a second show.',
      },
      {
        title: 'Your favourite detective archetype',
        body: 'The sleepy genius, the overworked inspector, the kid who notices everything? I am partial to the detective who is wrong twice before getting it right.',
      },
      {
        title: 'Theory thread: who wrote the letters?',
        body: 'In the series about the lighthouse town, I think the letters were written by the postman himself. Look at the handwriting shot in episode three. Fight me politely.',
      },
      {
        title: 'Mysteries with a cosy atmosphere',
        body: 'Looking for detective stories that are more tea and rain than gore. Small towns, bookshops, cats that witness crimes.',
      },
    ],
    pictureTitles: [
      'Evidence board I made for fun',
      'Lighthouse town at night',
      'Detective office concept',
      'Clue map of episode two',
      'Rainy alley noir sketch',
      'The case file cover',
    ],
    videoTitles: ['Walkthrough of my theory', 'Noir-style short with my cat'],
  },
  {
    name: 'Idol Stage Door',
    slug: 'idol-stage-door',
    about:
      'Penlights up! Idol stories, concert animation, choreography covers and behind-the-scenes drama of groups that exist only in our hearts and on screen.',
    textPosts: [
      {
        title: 'Concert episodes that felt live',
        body: 'Camera swooping over the crowd, a sea of penlights changing colour for the chorus... Some concert scenes gave me real goosebumps. Which ones made you want to buy a ticket?',
      },
      {
        title: 'Learning a dance cover at 30',
        body: 'I am learning the choreography of the first-season finale song. My knees have opinions. Anyone else doing covers? Share progress!',
      },
      {
        title: 'Idol stories are really about work',
        body: 'Underneath the glitter, the best idol series are about rehearsals, failure and teammates carrying each other. That is why they hit so hard.',
      },
      {
        title: 'Penlight colour etiquette',
        body: 'Do you change colours for every member or keep your favourite the whole show? Asking before my first screening event.',
      },
    ],
    pictureTitles: [
      'Stage lighting study',
      'Original idol unit design',
      'Penlight sea at the finale',
      'Backstage mirror sketch',
      'Concert poster I designed',
      'Costume sheet for a new unit',
    ],
    videoTitles: ['Dance cover, chorus only', 'Stage lights test with my camera'],
  },
  {
    name: 'Figure Shelf Showcase',
    slug: 'figure-shelf-showcase',
    about:
      'Scale figures, plushies, acrylic stands and the eternal search for shelf space. Photos, display tips, dust management and honest reviews of paint jobs.',
    textPosts: [
      {
        title: 'How do you fight dust?',
        body: 'Glass cabinet, soft brush, or just accept it? My open shelf looks great for a week and then it is grey. Share your routine.',
      },
      {
        title: 'Lighting a display shelf on a budget',
        body: 'LED strips with a warm tone and a diffuser made my shelf look like a museum. Cost less than one figure. Cool light made everything look cheap, warm was the fix.',
      },
      {
        title: 'Check the paint before you buy second-hand',
        body: 'Ask the seller for photos in daylight, close up on the face and hands. Scuffs hide in indoor light. Learned the hard way.',
      },
      {
        title: 'Plush corner appreciation',
        body: 'Not everything needs to be a scale figure. My plush corner is the cosiest part of the room and my guests always end up hugging one.',
      },
    ],
    pictureTitles: [
      'New shelf layout',
      'Warm LED test',
      'Plush corner, updated',
      'Acrylic stand collection',
      'Dust-free cabinet finally',
      'Unboxing day',
    ],
    videoTitles: ['Shelf tour, 2 minutes', 'Turntable shot of my latest figure'],
  },
  {
    name: 'Cosplay Workshop',
    slug: 'cosplay-workshop',
    about:
      'Patterns, foam armour, wig styling and convention survival. Share work-in-progress shots and ask for help: every expert here was once glue-gunned to their own sleeve.',
    textPosts: [
      {
        title: 'Foam armour beginner guide',
        body: 'Heat-seal the foam, prime with flexible primer, then paint in thin coats. Contact cement in a ventilated room. Take breaks: foam dust is not your friend.',
      },
      {
        title: 'Wig styling without tears',
        body: 'A wig head, a steamer and patience. Spikes need hairspray in layers, not one giant blast. Show me your best wig rescue.',
      },
      {
        title: 'Convention survival kit',
        body: 'Safety pins, glue stick, snacks, water, a phone charger and comfortable insoles. What do you always pack?',
      },
      {
        title: 'Original character cosplay counts',
        body: 'Made a costume for my own original character and got so many kind questions. Original designs deserve love at cons too.',
      },
    ],
    pictureTitles: [
      'Armour pieces primed',
      'Wig styling progress',
      'Sewing pattern layout',
      'Prop staff work in progress',
      'Convention day photo edit',
      'Original costume sketch',
    ],
    videoTitles: ['Foam heat-shaping demo', 'Wig spikes in fast forward'],
  },
  {
    name: 'Manga Reading Room',
    slug: 'manga-reading-room',
    about:
      'Panels, ink and page turns. Reading recommendations, paneling breakdowns, screentone appreciation and the smell of a fresh volume.',
    textPosts: [
      {
        title: 'The page turn reveal is an art form',
        body: 'Good artists plan the surprise for the left page so you only see it when you turn. Digital reading loses a bit of that magic. Do you still read physical volumes?',
      },
      {
        title: 'Screentone appreciation',
        body: 'Dots, gradients, hand-cut textures: screentone gives black-and-white pages their mood. Share a page where tone work carried the atmosphere.',
      },
      {
        title: 'Short story collections worth reading',
        body: 'One-shot collections are a great way to discover an artist. Looking for recommendations with strange, quiet endings.',
      },
      {
        title: 'Reading order for a long series',
        body: 'Starting a long series with side stories and spin-offs. Do you read the extras in publication order or save them for the end?',
      },
    ],
    pictureTitles: [
      'My reading nook',
      'Panel layout study',
      'Screentone practice page',
      'Volume spines in order',
      'Inking with a dip pen',
      'Title page mock-up',
    ],
    videoTitles: ['Inking a page in real time', 'Flipping through my sketchbook'],
  },
];

/** Text posts for any community. */
export const GENERIC_TEXT_POSTS: ReadonlyArray<{ title: string; body: string }> = [
  {
    title: 'What got you into anime?',
    body: 'For me it was a late-night rerun I caught by accident. I did not understand half of it and I was hooked anyway. What was your first?',
  },
  {
    title: 'Small joys thread',
    body: 'Post something small that made you happy this week. Mine: finally finished a series I started three years ago.',
  },
  {
    title: 'Recommendation swap',
    body: 'Name one show you love that nobody around you has seen. Everyone replies with one too. Let us grow our backlogs together.',
  },
  {
    title: 'Hot take Tuesday',
    body: 'Dubs and subs are both fine and the best version is the one you enjoy. There, I said it. Share your mild hot takes.',
  },
  {
    title: 'Your most rewatched episode',
    body: 'Not series, a single episode. I have seen the one with the summer fireworks at least ten times.',
  },
  {
    title: 'Drawing every day for a month',
    body: 'Trying a daily sketch challenge. Day 12 and my hands are better than on day 1. Anyone want to join for the next month?',
  },
  {
    title: 'Soundtracks for working',
    body: 'Instrumental tracks are the best focus music. Piano themes for writing, battle themes for cleaning the kitchen.',
  },
  {
    title: 'First convention this weekend!',
    body: 'Nervous and excited. Any advice for a first-timer? I plan to bring cash, water and a very light bag.',
  },
  {
    title: 'Characters who deserved more screen time',
    body: 'The background shopkeeper who had one great line. The rival school captain. Who do you want a spin-off about?',
  },
  {
    title: 'The feeling after a finale',
    body: 'Finished a long series last night and now I miss everyone. Is there a word for this? Post-finale blues is real.',
  },
  {
    title: 'Art supplies I actually use',
    body: 'After years of buying everything: a mechanical pencil, one good brush pen and a kneaded eraser. Simple kit, fewer excuses.',
  },
  {
    title: 'Tell me about your fan projects',
    body: 'Fan comics, music covers, cosplay, spreadsheets of episode ratings... Show off whatever you make for fun.',
  },
  {
    title: 'Weekend watch plans',
    body: 'Tea, blanket, six episodes. What are you watching this weekend?',
  },
  {
    title: 'Unexpectedly emotional scenes',
    body: 'The comedy show that suddenly had a goodbye scene at a train station. I was not ready.',
  },
  {
    title: 'Friendly reminder to hydrate',
    body: 'Marathon watchers, drink some water and stretch your back. The next episode will still be there.',
  },
  {
    title: 'What makes a great villain?',
    body: 'For me it is a villain who is right about the problem and wrong about the solution. Who fits that for you?',
  },
  {
    title: 'Opening themes stuck in my head',
    body: 'I hummed one at work and a coworker finished the melody. Instant friendship.',
  },
  {
    title: 'Learning Japanese through shows',
    body: 'Picked up a lot of casual phrases but also learned that nobody talks like a samurai anymore. Any good study routines?',
  },
  {
    title: 'Quiet endings vs big finales',
    body: 'Do you prefer a story that ends with a huge battle or with two characters sharing a meal? I lean quiet.',
  },
  {
    title: 'Share your desktop wallpaper',
    body: 'Mine is a night city with a single lit window. Changes every season.',
  },
  {
    title: 'Moving to a new city, looking for watch buddies',
    body: 'Just moved and do not know anyone yet. Online watch parties count! Reply if you want to join a Friday group.',
  },
  {
    title: 'The art of the eyecatch',
    body: 'Those little mid-episode cards deserve a museum. Post your favourite style of eyecatch.',
  },
  {
    title: 'Honest question: how do you find new shows?',
    body: 'Friends, forums, random trailers? My list is empty and I want something fresh.',
  },
  {
    title: 'Fan theories that turned out right',
    body: 'Ever called a twist weeks before it aired? Tell me your victory story.',
  },
  {
    title: 'Thank you, this community',
    body: 'Just wanted to say this is the friendliest corner of the internet I know. Thanks for the recommendations and kind words.',
  },
  {
    title: 'Posting my first fan comic next week',
    body: 'Eight pages about two rival bakers who share an oven. Nervous, but the thumbnails are done and the inks are halfway.',
  },
  {
    title: 'Headphones or speakers for fight scenes?',
    body: 'Headphones let me hear every little sound effect, speakers make the explosions feel huge. What is your setup?',
  },
  {
    title: 'A show that changed how I see my city',
    body: 'After a series about ordinary streets, I started noticing vending machines, crosswalk melodies and evening light on my walk home.',
  },
  {
    title: 'Favourite opening line of a first episode',
    body: 'A first line can set the whole tone. Which opening line or narration stuck with you for years?',
  },
  {
    title: 'What is on your desk right now?',
    body: 'Mine: a sketchbook, cold tea, a tiny figure of a courier and way too many pens. Show me yours.',
  },
  {
    title: 'Calm shows for anxious days',
    body: 'Sharing a few things that help me when my head is loud: gentle music, small stakes, a cat on screen. Add yours, kindly.',
  },
  {
    title: 'Shout-out to background characters',
    body: 'The noodle shop owner who appears in every episode and never gets a name deserves a thank-you post.',
  },
  {
    title: 'Season finale watch party recap',
    body: 'Twelve of us, three pizzas, one collective scream at the final scene. Same time next season?',
  },
  {
    title: 'Longest series you have finished',
    body: 'Over a hundred episodes here, and I would do it again. What is your biggest completed marathon?',
  },
  {
    title: 'Colour scripts are fascinating',
    body: 'Seeing a whole episode as a strip of small colour thumbnails shows how mood is planned scene by scene. Any favourite examples?',
  },
  {
    title: 'Looking for a drawing buddy',
    body: 'Want to trade one sketch a week with someone and give each other kind feedback. Any style, any level.',
  },
  {
    title: 'The quiet power of a good ending credits song',
    body: 'Some ending songs let the episode sink in. I never skip them, they are part of the story.',
  },
  {
    title: 'Things I learned running a watch club',
    body: 'Keep it to one episode a week, vote on the next show, and always have snacks for the people who come straight from work.',
  },
  {
    title: 'Which fictional city would you visit?',
    body: 'A rainy future city with tea houses open all night, or a seaside town with a lighthouse full of letters? Tell me your pick.',
  },
  {
    title: 'Small victories in my art journey',
    body: 'Hands used to scare me. Today I drew one that looks like a hand on the first try. Celebrate your small wins here.',
  },
];

export const GENERIC_PICTURE_TITLES: readonly string[] = [
  'Night city from my window',
  'Sunset over the river, redrawn',
  'Quick sketch before bed',
  'Colour palette study',
  'Sakura season again',
  'Starry sky practice',
  'Wallpaper I made this week',
  'Poster for our watch party',
  'Practising backgrounds',
  'A planet I made up',
  'Moonlight over the rooftops',
  'Summer festival memories',
  'Tried a retro style',
  'Waves and petals',
  'Skyline at blue hour',
  'Daily sketch #27',
  'Fan art of my original character',
  'Testing a new brush set',
  'Desk setup glow-up',
  'First digital painting',
  'Ink and watercolour mix',
  'Dreamy clouds study',
  'Neon reflections',
  'Spring palette',
  'Sketchbook page dump',
  'Something soft for a Monday',
  'Minimal poster experiment',
  'Late night doodle',
  'Speed paint, 30 minutes',
  'Sunrise practice',
  'Rainy bus stop at night',
  'Clouds over the harbour',
  'Lantern walk',
  'Pastel skyline',
  'Tiny planet doodle',
  'Evening study session',
  'Blossoms after the storm',
  'Orbit of two moons',
  'A quiet train platform',
  'Glow of the vending machine',
  'Star map for my story',
  'Retro sun and grid',
  'Petals in the wind',
  'Paper lanterns on the river',
  'Window seat daydream',
  'Rooftop garden sketch',
  'First snow on the shrine steps',
  'Neon noodle stand',
  'The lighthouse at dawn',
  'Meteor shower night',
  'Bicycle by the canal',
  'Sunday morning light',
  'Sparkles and ribbons',
  'Skyline in pink',
  'Field of stars',
  'Harbour lights',
  'Colour study in blue',
  'Cosy corner redraw',
  'Night market glow',
  'Wave pattern experiment',
];

export const GIF_TITLES: readonly string[] = [
  'Me when the new episode drops',
  'Bouncing into the weekend',
  'Mood after the finale',
  'Loop I made in ten minutes',
  'When the opening starts',
  'Friday energy',
  'Tiny animation practice',
  'This is how I refresh the feed',
  'Reaction: plot twist',
  'Happy dance',
  'Boing',
  'Waiting for the next season',
  'Monday morning in one loop',
  'Tiny victory bounce',
  'When the preview hits',
  'Spinning into spring',
  'Loading my weekend plans',
  'Brain after a marathon',
  'Petal physics test',
  'Mood: new volume day',
  'Energy after the opening song',
  'Ten frames of joy',
  'Trying squash and stretch',
  'Star power activated',
];

export const GENERIC_VIDEO_TITLES: readonly string[] = [
  'Tiny animation test',
  'Test footage from my new camera',
  'Looping visual for a music track',
  'Something calming',
  'Colour experiment',
  'Short clip from my project',
  'Screen test, feedback welcome',
  'Visualiser I coded this weekend',
  'Rain on the window, 30 seconds',
  'Motion graphics practice',
  'Night drive colours',
  'My first edit with music',
  'Light painting test',
  'Slow loop for a stream background',
  'Screen recording of my painting',
  'Short abstract animation',
  'Testing a retro filter',
  'Calm visuals for a lo-fi mix',
  'Glitch effect experiment',
  'Colour grading before and after',
  'Quick camera test in the park',
  'A looping sunset',
  'Kaleidoscope experiment',
  'Timelapse of clouds',
  'Sound and light sync test',
  'Animated background for my channel',
  'Fifteen seconds of calm',
  'Gradient study in motion',
  'Old TV look test',
  'Fractal zoom I rendered',
];

// ---------------------------------------------------------------- links

export interface LinkContent {
  url: string;
  title: string;
  description: string;
  siteName: string;
  /** The post's own title. */
  postTitle: string;
  /** The post's text under the link. */
  postBody: string;
}

export const LINKS: readonly LinkContent[] = [
  {
    url: 'https://example.com/sakuga-notes/smear-frames',
    title: 'A short history of the smear frame',
    description:
      'How animators stretch a single drawing to sell speed, with frame-by-frame examples.',
    siteName: 'Sakuga Notes',
    postTitle: 'Great read on smear frames',
    postBody: 'Clear explanations and lovely diagrams.',
  },
  {
    url: 'https://example.org/kit-journal/panel-lining',
    title: 'Panel lining without the mess',
    description: 'Washes, pens and a cotton swab: a beginner-friendly guide for model kits.',
    siteName: 'Kit Journal',
    postTitle: 'Helpful panel lining guide',
    postBody: 'Wish I had this before my first kit.',
  },
  {
    url: 'https://example.net/night-shift-radio/episode-12',
    title: 'Night Shift Radio, episode 12',
    description:
      'A podcast about seasonal shows, listener mail and the best openings of the month.',
    siteName: 'Night Shift Radio',
    postTitle: 'Podcast episode about this season',
    postBody: 'They talk about the radio station show at minute 20.',
  },
  {
    url: 'https://example.com/cosplay-lab/foam-basics',
    title: 'Foam armour basics',
    description: 'Cutting, heat-sealing and priming EVA foam for sturdy, light armour.',
    siteName: 'Cosplay Lab',
    postTitle: 'Bookmark this foam tutorial',
    postBody: 'Step four saved my gauntlets.',
  },
  {
    url: 'https://example.org/ink-and-tone/screentone',
    title: 'Screentone by hand and by pixel',
    description: 'From cutting sheets with a blade to digital halftone brushes.',
    siteName: 'Ink & Tone',
    postTitle: 'Screentone deep dive',
    postBody: 'Both traditional and digital, very thorough.',
  },
  {
    url: 'https://example.net/kitchen-corner/omelette-rice',
    title: 'Fluffy omelette rice at home',
    description: 'A soft omelette over ketchup rice, with the slice-open trick.',
    siteName: 'Kitchen Corner',
    postTitle: 'Made the omelette rice from that scene',
    postBody: 'This recipe is the one. Slice-open trick works!',
  },
  {
    url: 'https://example.com/shelf-life/led-lighting',
    title: 'Warm light for display shelves',
    description: 'Why warm LEDs and a diffuser make figures look their best.',
    siteName: 'Shelf Life',
    postTitle: 'Shelf lighting article',
    postBody: 'Confirms what we said in the thread: warm light wins.',
  },
  {
    url: 'https://example.org/worldbuilders/maps',
    title: 'Drawing fantasy maps that make sense',
    description: 'Rivers flow downhill: a practical guide to believable fantasy geography.',
    siteName: 'Worldbuilders Guild',
    postTitle: 'For everyone drawing isekai maps',
    postBody: 'Rivers flow downhill, people.',
  },
  {
    url: 'https://example.net/stage-notes/penlights',
    title: 'A beginner guide to penlight etiquette',
    description: 'Colours, timing and being kind to the people behind you.',
    siteName: 'Stage Notes',
    postTitle: 'Penlight etiquette guide',
    postBody: 'Answering my own question from last week.',
  },
  {
    url: 'https://example.com/case-files/fair-play',
    title: 'The rules of fair-play mysteries',
    description: 'Every clue on the page: a look at how detective stories play fair.',
    siteName: 'Case Files',
    postTitle: 'Fair-play mystery rules',
    postBody: 'Good checklist for spotting clues on a rewatch.',
  },
  {
    url: 'https://example.org/animation-desk/walk-cycles',
    title: 'Walk cycles in eight drawings',
    description: 'Contact, down, passing, up: the classic walk cycle explained.',
    siteName: 'Animation Desk',
    postTitle: 'Walk cycle reference',
    postBody: 'Pinned on my wall now.',
  },
  {
    url: 'https://example.net/quiet-hours/cosy-list',
    title: 'Twenty cosy stories for rainy evenings',
    description: 'Gentle stories about food, friendship and small towns.',
    siteName: 'Quiet Hours',
    postTitle: 'Cosy list for rainy days',
    postBody: 'Some originals I had never heard of.',
  },
  {
    url: 'https://example.com/retro-signal/vhs-colours',
    title: 'Why old tapes look so warm',
    description: 'Colour bleeding, tracking lines and the nostalgia of analogue video.',
    siteName: 'Retro Signal',
    postTitle: 'The science of VHS warmth',
    postBody: 'Explains the look so many of us miss.',
  },
  {
    url: 'https://example.org/training-log/routine',
    title: 'A training-arc routine for real life',
    description: 'Small daily reps, rest days and tracking progress like a shonen hero.',
    siteName: 'Training Log',
    postTitle: 'Real-life training arc',
    postBody: 'Day one starts tomorrow. Who is in?',
  },
  {
    url: 'https://example.net/soundtrack-club/piano',
    title: 'Piano themes for focus',
    description: 'A playlist of calm original piano pieces for studying and drawing.',
    siteName: 'Soundtrack Club',
    postTitle: 'Focus playlist',
    postBody: 'Two hours of calm piano, perfect for drawing.',
  },
  {
    url: 'https://example.com/pattern-room/sleeves',
    title: 'Drafting puffed sleeves',
    description: 'A sewing pattern walkthrough for big, bouncy costume sleeves.',
    siteName: 'Pattern Room',
    postTitle: 'Puffed sleeve pattern',
    postBody: 'Finally understand the slash-and-spread method.',
  },
];

// ---------------------------------------------------------------- people

export interface UserContent {
  name: string;
  username: string;
  bio: string;
  /** 'month dd, yyyy' (spec §3); every demo person is an adult. */
  birthday: string;
  role?: 'user' | 'moderator' | 'admin';
}

export const DEMO_USER: UserContent = {
  name: 'Demo Fan',
  username: 'demo',
  bio: 'Exploring Otakura. Seasonal watcher, weekend sketcher, collector of cosy shows.',
  birthday: 'April 12, 1994',
};

export const USERS: readonly UserContent[] = [
  {
    name: 'Mika Tanabe',
    username: 'mika_draws',
    bio: 'Illustrator. Sunsets, skylines and too many petals.',
    birthday: 'March 03, 1996',
  },
  {
    name: 'Kenji Arakawa',
    username: 'kenji.builds',
    bio: 'Model kits every weekend. Panel lines are my meditation.',
    birthday: 'July 19, 1990',
  },
  {
    name: 'Rosa Delgado',
    username: 'rosa_reads',
    bio: 'Manga reader, tea drinker, defender of quiet endings.',
    birthday: 'November 02, 1993',
    role: 'moderator',
  },
  {
    name: 'Aiden Brooks',
    username: 'aidenwatches',
    bio: 'Weekly episode threads and spreadsheet rankings.',
    birthday: 'January 28, 1998',
  },
  {
    name: 'Yuna Kim',
    username: 'yuna.sparkle',
    bio: 'Magical girl enthusiast. My wand collection is getting out of hand.',
    birthday: 'May 23, 1995',
  },
  {
    name: 'Tomas Novak',
    username: 'tomas_frames',
    bio: 'Learning 2D animation. Currently: bouncing balls.',
    birthday: 'September 09, 1991',
  },
  {
    name: 'Hana Okafor',
    username: 'hana_cosplays',
    bio: 'Foam armour, wigs and convention snacks.',
    birthday: 'February 14, 1997',
  },
  {
    name: 'Leo Marchetti',
    username: 'leo.sakuga',
    bio: 'Rewinds fight scenes frame by frame. Effects animation fan.',
    birthday: 'August 30, 1989',
  },
  {
    name: 'Sora Lindqvist',
    username: 'sora_skies',
    bio: 'Background art appreciator. Power lines at sunset forever.',
    birthday: 'June 06, 1999',
  },
  {
    name: 'Priya Raman',
    username: 'priya.detects',
    bio: 'Mystery lover. I saw the clue in episode two.',
    birthday: 'December 11, 1994',
  },
  {
    name: 'Jun Watanabe',
    username: 'jun_idolstage',
    bio: 'Penlights charged, dance covers in progress.',
    birthday: 'October 21, 1996',
  },
  {
    name: 'Chloe Martin',
    username: 'chloe_cozy',
    bio: 'Comfort rewatches and food scenes. Currently baking.',
    birthday: 'April 04, 1992',
  },
  {
    name: 'Marcus Green',
    username: 'marcus.mecha',
    bio: 'Real robot supremacy. Hangar scenes are peak fiction.',
    birthday: 'March 17, 1988',
  },
  {
    name: 'Elena Petrova',
    username: 'elena_isekai',
    bio: 'Would pick appraisal as a starting skill. Farming arc enjoyer.',
    birthday: 'July 01, 1995',
  },
  {
    name: 'Takumi Mori',
    username: 'takumi_trains',
    bio: 'Training arcs, rival speeches, early morning runs.',
    birthday: 'January 05, 1993',
  },
  {
    name: 'Nadia Haddad',
    username: 'nadia.figures',
    bio: 'Shelf space is a myth. Plush corner curator.',
    birthday: 'September 27, 1990',
    role: 'moderator',
  },
  {
    name: 'Oliver Chen',
    username: 'oliver_ost',
    bio: 'Soundtracks on repeat while drawing.',
    birthday: 'May 15, 1997',
  },
  {
    name: 'Ines Moreau',
    username: 'ines_ink',
    bio: 'Dip pens and screentone. Sketchbook always in my bag.',
    birthday: 'August 08, 1994',
  },
  {
    name: 'Kai Nakamura',
    username: 'kai.retro',
    bio: 'VHS colours and old openings. Nostalgia dealer.',
    birthday: 'February 02, 1987',
  },
  {
    name: 'Freya Olsen',
    username: 'freya_petals',
    bio: 'Sakura season is every season on my canvas.',
    birthday: 'October 10, 1998',
  },
  {
    name: 'Samir Aziz',
    username: 'samir.shop',
    bio: 'Selling duplicates from my collection, carefully packed.',
    birthday: 'December 24, 1991',
  },
];

// ---------------------------------------------------------------- comments

export const COMMENT_LINES: readonly string[] = [
  'This is so good!',
  'The colours are beautiful.',
  'Saving this for later.',
  'Completely agree with you.',
  'I had the same thought watching it.',
  'How long did this take you?',
  'Love the atmosphere here.',
  'This made my day, thank you.',
  'Okay but the lighting is perfect.',
  'Adding this to my list right now.',
  'I never noticed that before, great catch.',
  'Can you share your process?',
  'The composition is really clean.',
  'This deserves way more likes.',
  'Strong disagree, but I respect it.',
  'Ha, that is exactly me.',
  'Such a cosy vibe.',
  'Following for more of this.',
  'The petals are a nice touch.',
  'Instant wallpaper.',
  'My favourite post this week.',
  'This brought back memories.',
  'Underrated take.',
  'That sky!',
  'Please do a part two.',
  'I rewound it three times.',
  'Great recommendation, starting it tonight.',
  'The details in the background are wild.',
  'You improved so much since your last post.',
  'I need this as a poster.',
  'Thanks for the tips, very useful.',
  'Same here, it is my comfort show too.',
  'This is the content I am here for.',
  'Okay this one got me.',
  'Bookmarked.',
  'Tiny masterpiece.',
  'Where can I find more of your work?',
  'The mood is immaculate.',
  'Good luck with the project!',
  'I laughed way too hard at this.',
  'That is such a good point about pacing.',
  'Showed this to my friend, they loved it.',
  'The colour palette is so calming.',
  'Please never stop posting.',
  'This is very wholesome.',
  'I tried this and it worked!',
  'Agreed, the soundtrack carries that scene.',
  'Hard same.',
  'Now I want to rewatch the whole thing.',
  'This community is the best.',
];

export const REPLY_LINES: readonly string[] = [
  'Right? I thought the same.',
  'Thank you so much!',
  'About four hours, mostly on the sky.',
  'Haha, glad it is not just me.',
  'Will do, stay tuned!',
  'Good point, I had not thought of that.',
  'Agreed, fully.',
  'Thanks, that means a lot.',
  'Let me know what you think when you finish it.',
  'I will post the process next week.',
  'Exactly this.',
  'You are too kind!',
  'Fair, we can agree to disagree.',
  'Same, I keep coming back to it.',
  'Link is in my profile!',
  'Oh nice, tell me how it goes.',
  'Ha, guilty.',
  'I learned it from this community honestly.',
  'Part two is in the works.',
  'Yes! Someone gets it.',
];

export const MEDIA_COMMENT_LINES: readonly string[] = [
  'Binged the whole thing in one night.',
  'The first episode hooked me immediately.',
  'Beautiful art, the pages feel alive.',
  'The ending of chapter two!',
  'Waiting for the next volume.',
  'Such a relaxing watch.',
  'The soundtrack is fantastic.',
  'Rereading this for the third time.',
  'The panel layouts are so creative.',
  'Recommended this to everyone I know.',
  'Short but memorable.',
  'That colour palette is gorgeous.',
];

// ---------------------------------------------------------------- media library

export interface EpisodeContent {
  title: string;
}

export interface MangaIssueContent {
  title: string;
  pages: number;
}

export interface MediaContent {
  kind: 'video' | 'manga' | 'sequence';
  title: string;
  about: string;
  author: string;
  language: string;
  /** Searched with the title: genre words and alternative (Japanese) titles, 3–6 each. */
  keywords: readonly string[];
  /** The reader's default: 'rtl' for manga, 'ltr' for sequences and video. */
  readingDirection: 'ltr' | 'rtl';
  episodes?: readonly string[];
  volumes?: ReadonlyArray<{ title: string; issues: readonly MangaIssueContent[] }>;
  issues?: readonly MangaIssueContent[];
}

export const MEDIA: readonly MediaContent[] = [
  {
    kind: 'video',
    title: 'Starlight Relay',
    about:
      'Four couriers race across a ring of orbital stations to deliver letters no network will carry. A gentle space adventure about distance, friendship and very late mail.',
    author: 'Studio Lantern Moth',
    language: 'English',
    keywords: ['space', 'adventure', 'found family', '宇宙', 'スターライト・リレー'],
    readingDirection: 'ltr',
    episodes: [
      'The Last Postbox',
      'Slingshot Around the Moon',
      'Cargo of Paper Cranes',
      'Signal Lost, Letter Found',
      'The Courier Who Stayed',
      'Relay Home',
    ],
  },
  {
    kind: 'video',
    title: 'Neon Tea House',
    about:
      'A tea house in a rainy future city that only opens after midnight. Each episode, a stranger orders a drink and tells a story.',
    author: 'Kiri Tanaka',
    language: 'Japanese',
    keywords: ['slice of life', 'cyberpunk', 'anthology', 'iyashikei', 'ネオン茶屋'],
    readingDirection: 'ltr',
    episodes: [
      'Rain on Glass',
      'The Android Who Hated Sugar',
      'A Cup for the Night Shift',
      'Blackout Blend',
      'Steam and Neon',
      'The Regular',
      'Last Order',
      'Morning Closes the Doors',
    ],
  },
  {
    kind: 'video',
    title: 'Petal Guard',
    about:
      'Three students protect a town where cherry blossoms fall all year, until the petals start falling upwards. A bright magical adventure.',
    author: 'Harumi Studio',
    language: 'Japanese',
    keywords: ['magical girl', 'fantasy', 'school', 'sakura', '桜', 'ペタルガード'],
    readingDirection: 'ltr',
    episodes: [
      'Blossoms Upside Down',
      'The Gardener of Clocks',
      'Wind Festival',
      'A Guard Without a Name',
      'Root of the Great Tree',
    ],
  },
  {
    kind: 'video',
    title: 'Circuit Dojo',
    about:
      'At a training hall for young robot pilots, the hardest lesson is not fighting: it is fixing what you broke.',
    author: 'Iron Bloom Animation',
    language: 'English',
    keywords: ['mecha', 'sports', 'coming of age', 'robots', 'サーキット道場'],
    readingDirection: 'ltr',
    episodes: [
      'First Boot',
      'Oil and Bruises',
      'The Sparring Match',
      'A Rival in the Hangar',
      'Overclock',
      'Repair Day',
      'Tournament Eve',
    ],
  },
  {
    kind: 'manga',
    title: 'Lighthouse Letters',
    about:
      'In a seaside town, anonymous letters appear at the lighthouse every full moon. A quiet mystery told through tides and handwriting.',
    author: 'Naomi Verhoeven',
    language: 'English',
    keywords: ['mystery', 'seaside', 'slow burn', '灯台の手紙', 'とうだいのてがみ'],
    readingDirection: 'rtl',
    volumes: [
      {
        title: 'The First Tide',
        issues: [
          { title: 'An Envelope in the Fog', pages: 10 },
          { title: 'The Keeper Knows', pages: 9 },
          { title: 'Salt on the Stamp', pages: 8 },
        ],
      },
      {
        title: 'Ink Runs in Rain',
        issues: [
          { title: 'A Second Hand', pages: 9 },
          { title: 'The Postman Waits', pages: 11 },
        ],
      },
    ],
  },
  {
    kind: 'manga',
    title: 'Hangar Nine',
    about:
      'A mechanic who cannot pilot keeps the oldest machine in the fleet running, one bolt at a time.',
    author: 'Ryo Haddad',
    language: 'English',
    keywords: ['mecha', 'drama', 'workplace', '格納庫', 'ハンガーナイン'],
    readingDirection: 'rtl',
    volumes: [
      {
        title: 'Rust and Rivets',
        issues: [
          { title: 'Night Shift', pages: 8 },
          { title: 'Cold Start', pages: 9 },
        ],
      },
      {
        title: 'Sortie',
        issues: [
          { title: 'The Launch Rail', pages: 10 },
          { title: 'Static', pages: 8 },
        ],
      },
      { title: 'Homecoming', issues: [{ title: 'Scrap Heap Garden', pages: 9 }] },
    ],
  },
  {
    kind: 'manga',
    title: 'Cafe at the End of the Line',
    about:
      'The last stop of a country train line has a café with one table and a cat who chooses your order.',
    author: 'Mirei Okada',
    language: 'Japanese',
    keywords: ['slice of life', 'iyashikei', 'cats', 'trains', '終点のカフェ', '猫'],
    readingDirection: 'rtl',
    volumes: [
      {
        title: 'Spring Timetable',
        issues: [
          { title: 'The Cat Chooses', pages: 9 },
          { title: 'Steam Rising', pages: 8 },
          { title: 'A Late Train', pages: 10 },
        ],
      },
    ],
  },
  {
    kind: 'manga',
    title: 'Dungeon Accountant',
    about:
      'Reborn as the bookkeeper of a dungeon, a former office worker must balance the monster budget before the heroes arrive.',
    author: 'Felix Amari',
    language: 'English',
    keywords: ['isekai', 'comedy', 'fantasy', 'office work', 'ダンジョン会計士'],
    readingDirection: 'rtl',
    volumes: [
      {
        title: 'Opening Balance',
        issues: [
          { title: 'Slimes Are Expensive', pages: 9 },
          { title: 'Trap Maintenance', pages: 10 },
        ],
      },
      {
        title: 'Fiscal Year of the Dragon',
        issues: [
          { title: 'The Audit', pages: 8 },
          { title: 'Hero Season', pages: 9 },
        ],
      },
    ],
  },
  {
    kind: 'sequence',
    title: 'Moonlit Sketches',
    about:
      'A wordless sequence of night scenes drawn one page a day: rooftops, cats, quiet streets and the moon keeping watch.',
    author: 'Sora Lindqvist',
    language: 'None',
    keywords: ['wordless', 'night', 'cats', 'illustration', '月夜のスケッチ'],
    readingDirection: 'ltr',
    issues: [
      { title: 'Rooftops', pages: 10 },
      { title: 'Alley Cats', pages: 8 },
      { title: 'Last Train', pages: 9 },
    ],
  },
  {
    kind: 'sequence',
    title: 'Paper Planets',
    about:
      'Short illustrated stories about tiny planets made of paper, each with one inhabitant and one problem.',
    author: 'Ines Moreau',
    language: 'English',
    keywords: ['science fiction', 'short stories', 'whimsical', 'paper craft', '紙の惑星'],
    readingDirection: 'ltr',
    issues: [
      { title: 'The Folded Moon', pages: 9 },
      { title: 'A Planet of Envelopes', pages: 8 },
    ],
  },
];

// ---------------------------------------------------------------- shop

export type ShopKind = 'figure' | 'poster' | 'plush' | 'stand' | 'artbook';

export interface ShopItemContent {
  name: string;
  about: string;
  condition: 'New' | 'Sealed' | 'Like new' | 'Used - very good' | 'Used - good' | 'Used - fair';
  priceCents: number;
  shippingCents: number;
  quantity: number;
  kind: ShopKind;
}

export const SHOP_ITEMS: readonly ShopItemContent[] = [
  {
    name: 'Moonlit Idol 1/7 Scale Figure',
    about: 'Original idol figure on a starry base, hand-painted details, box included.',
    condition: 'New',
    priceCents: 12900,
    shippingCents: 1200,
    quantity: 3,
    kind: 'figure',
  },
  {
    name: 'Hangar Mechanic Figure',
    about: 'Mechanic with a wrench and a tool belt, 20 cm, from the Hangar Nine collection.',
    condition: 'Like new',
    priceCents: 7400,
    shippingCents: 900,
    quantity: 1,
    kind: 'figure',
  },
  {
    name: 'Petal Guard Captain Figure',
    about: 'Posed mid-leap with translucent petal effects. Display once, smoke-free home.',
    condition: 'Used - very good',
    priceCents: 8900,
    shippingCents: 900,
    quantity: 1,
    kind: 'figure',
  },
  {
    name: 'Tea House Android Mini Figure',
    about: 'Palm-sized figure holding a cup of neon tea. Blind-box duplicate.',
    condition: 'Sealed',
    priceCents: 1800,
    shippingCents: 450,
    quantity: 6,
    kind: 'figure',
  },
  {
    name: 'Starlight Relay Courier Figure',
    about: 'Courier in a flight jacket with a letter satchel, base with orbit ring.',
    condition: 'New',
    priceCents: 9900,
    shippingCents: 1100,
    quantity: 2,
    kind: 'figure',
  },
  {
    name: 'Sunset Skyline Poster (A2)',
    about: 'Matte print, rolled in a tube. Retro sun over a neon city grid.',
    condition: 'New',
    priceCents: 2200,
    shippingCents: 600,
    quantity: 14,
    kind: 'poster',
  },
  {
    name: 'Sakura Night Poster (B2)',
    about: 'Petals drifting over a dark river. Archival inks on heavy paper.',
    condition: 'New',
    priceCents: 2800,
    shippingCents: 600,
    quantity: 9,
    kind: 'poster',
  },
  {
    name: 'Orbital Station Poster Set',
    about: 'Three posters of fictional stations. Slight corner wear on one.',
    condition: 'Used - good',
    priceCents: 3500,
    shippingCents: 700,
    quantity: 1,
    kind: 'poster',
  },
  {
    name: 'Watch Club Season Calendar Poster',
    about: 'Wall calendar poster with space for your weekly watch list.',
    condition: 'New',
    priceCents: 1500,
    shippingCents: 450,
    quantity: 20,
    kind: 'poster',
  },
  {
    name: 'Lighthouse Letters Promo Poster',
    about: 'Promotional poster from the first volume release. Pin holes in the corners.',
    condition: 'Used - fair',
    priceCents: 900,
    shippingCents: 450,
    quantity: 1,
    kind: 'poster',
  },
  {
    name: 'Round Bear Plush, Pink',
    about: 'Extra soft, 25 cm, embroidered eyes. Safe for hugging marathons.',
    condition: 'New',
    priceCents: 2600,
    shippingCents: 700,
    quantity: 12,
    kind: 'plush',
  },
  {
    name: 'Round Bear Plush, Lavender',
    about: 'The lavender edition, with a tiny star on the foot.',
    condition: 'New',
    priceCents: 2600,
    shippingCents: 700,
    quantity: 8,
    kind: 'plush',
  },
  {
    name: 'Café Cat Plush',
    about: 'The cat who chooses your order, now in plush form. Tag attached.',
    condition: 'Like new',
    priceCents: 2100,
    shippingCents: 700,
    quantity: 2,
    kind: 'plush',
  },
  {
    name: 'Mint Dragon Plush Keychain',
    about: 'Small keychain plush, 10 cm, with a metal clasp.',
    condition: 'New',
    priceCents: 900,
    shippingCents: 350,
    quantity: 25,
    kind: 'plush',
  },
  {
    name: 'Cloud Sheep Plush',
    about: 'Fluffy sheep plush for naps between episodes. Washed once.',
    condition: 'Used - very good',
    priceCents: 1600,
    shippingCents: 700,
    quantity: 1,
    kind: 'plush',
  },
  {
    name: 'Sakura Acrylic Stand',
    about: 'Clear acrylic stand with a printed blossom and star, 15 cm.',
    condition: 'New',
    priceCents: 1400,
    shippingCents: 400,
    quantity: 18,
    kind: 'stand',
  },
  {
    name: 'Idol Unit Acrylic Stand Set',
    about: 'Five stands, one per member of an original idol unit. Protective film still on.',
    condition: 'Sealed',
    priceCents: 4800,
    shippingCents: 600,
    quantity: 4,
    kind: 'stand',
  },
  {
    name: 'Night City Acrylic Diorama',
    about: 'Layered acrylic skyline with a moon, glows under a desk lamp.',
    condition: 'New',
    priceCents: 3200,
    shippingCents: 600,
    quantity: 6,
    kind: 'stand',
  },
  {
    name: 'Magical Wand Acrylic Charm',
    about: 'Double-sided charm of a star wand. Minor scratch on the back.',
    condition: 'Used - good',
    priceCents: 600,
    shippingCents: 300,
    quantity: 3,
    kind: 'stand',
  },
  {
    name: 'Sakuga Frames Art Book',
    about: '200 pages of key frames and layouts from independent animators.',
    condition: 'New',
    priceCents: 4500,
    shippingCents: 900,
    quantity: 7,
    kind: 'artbook',
  },
  {
    name: 'Background Paintings Collection',
    about: 'Art book of ordinary streets at every hour. Hardcover, dust jacket.',
    condition: 'Like new',
    priceCents: 3800,
    shippingCents: 900,
    quantity: 2,
    kind: 'artbook',
  },
  {
    name: 'Mecha Design Sketchbook',
    about: 'Concept sketches of fictional machines with annotations. Spine slightly creased.',
    condition: 'Used - good',
    priceCents: 2400,
    shippingCents: 800,
    quantity: 1,
    kind: 'artbook',
  },
  {
    name: 'Cosplay Pattern Book',
    about: 'Sewing patterns for sleeves, capes and armour bases. Some pencil notes inside.',
    condition: 'Used - fair',
    priceCents: 1200,
    shippingCents: 700,
    quantity: 1,
    kind: 'artbook',
  },
  {
    name: 'Paper Planets Illustrated Edition',
    about: 'Collected tiny-planet stories with a fold-out map of the paper galaxy.',
    condition: 'New',
    priceCents: 2900,
    shippingCents: 800,
    quantity: 10,
    kind: 'artbook',
  },
];
