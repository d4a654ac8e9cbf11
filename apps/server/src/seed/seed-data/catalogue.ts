/** The demo catalogue: realistic Voltforge products. `icon` picks the generated SVG's glyph. */
export interface SeedTool {
  slug: string;
  name: string;
  category: string;
  priceCents: number;
  minOrderQuantity: number;
  /** Packaging: only multiples of this are sold (a tube of 20 relays); 1 when left out. */
  orderMultiple?: number;
  /** Lower unit prices from a quantity on, as [quantity, cents] pairs, rising. */
  priceBreaks?: [number, number][];
  inStock: number;
  description: string;
  icon:
    | 'meter'
    | 'scope'
    | 'iron'
    | 'station'
    | 'psu'
    | 'drill'
    | 'driver'
    | 'pliers'
    | 'chip'
    | 'relay'
    | 'cable'
    | 'tester';
}

export const seedCategories = [
  'Measurement & Test',
  'Soldering & Rework',
  'Power Supplies',
  'Power Tools',
  'Hand Tools',
  'Components',
] as const;

export const seedTools: SeedTool[] = [
  {
    slug: 'vf-dm200-digital-multimeter',
    name: 'VF-DM200 True-RMS Digital Multimeter',
    category: 'Measurement & Test',
    priceCents: 8950,
    minOrderQuantity: 2,
    priceBreaks: [
      [25, 8400],
      [100, 7900],
    ],
    inStock: 140,
    icon: 'meter',
    description:
      'A CAT III 600 V true-RMS multimeter with a 6000-count backlit display, auto-ranging, capacitance, frequency and temperature modes, and a fused 10 A input. Built for panel work and bench repair alike.',
  },
  {
    slug: 'vf-os1104-oscilloscope',
    name: 'VF-OS1104 100 MHz Four-Channel Oscilloscope',
    category: 'Measurement & Test',
    priceCents: 64900,
    minOrderQuantity: 1,
    inStock: 18,
    icon: 'scope',
    description:
      'Four channels, 100 MHz bandwidth and 1 GSa/s sampling with a 7-inch display, serial decoding for I2C, SPI and UART, and USB export of captures. Ships with four 10:1 passive probes.',
  },
  {
    slug: 'vf-ct40-clamp-meter',
    name: 'VF-CT40 AC/DC Clamp Meter',
    category: 'Measurement & Test',
    priceCents: 5490,
    minOrderQuantity: 4,
    priceBreaks: [
      [20, 5190],
      [100, 4850],
    ],
    inStock: 260,
    icon: 'tester',
    description:
      'Measures up to 400 A AC and DC through a 28 mm jaw without breaking the circuit. Inrush capture, non-contact voltage detection and a work light for dark cabinets.',
  },
  {
    slug: 'vf-it10-insulation-tester',
    name: 'VF-IT10 Insulation Resistance Tester',
    category: 'Measurement & Test',
    priceCents: 31900,
    minOrderQuantity: 1,
    inStock: 0,
    icon: 'meter',
    description:
      'Test voltages of 250, 500 and 1000 V with readings up to 10 GOhm, polarisation index and timed tests for motors, cables and switchgear commissioning.',
  },
  {
    slug: 'vf-ss60-soldering-station',
    name: 'VF-SS60 Digital Soldering Station',
    category: 'Soldering & Rework',
    priceCents: 12900,
    minOrderQuantity: 2,
    priceBreaks: [[10, 12250]],
    inStock: 75,
    icon: 'station',
    description:
      'A 60 W temperature-controlled station (200 to 480 °C) with a ceramic heater that reaches working temperature in 20 seconds, three presets, sleep mode and an ESD-safe grounded tip.',
  },
  {
    slug: 'vf-si25-soldering-iron',
    name: 'VF-SI25 Pencil Soldering Iron',
    category: 'Soldering & Rework',
    priceCents: 2450,
    minOrderQuantity: 5,
    orderMultiple: 5,
    priceBreaks: [
      [50, 2290],
      [250, 2090],
    ],
    inStock: 420,
    icon: 'iron',
    description: 'Light 25 W iron with a long-life plated tip and a heat-resistant silicone cable.',
  },
  {
    slug: 'vf-hr850-hot-air-rework',
    name: 'VF-HR850 Hot-Air Rework Station',
    category: 'Soldering & Rework',
    priceCents: 18900,
    minOrderQuantity: 1,
    inStock: 32,
    icon: 'station',
    description:
      'Brushless-fan hot-air station with closed-loop temperature control from 100 to 500 °C, adjustable airflow and five nozzles for QFP, SOIC and BGA rework.',
  },
  {
    slug: 'vf-ps3005-bench-supply',
    name: 'VF-PS3005 Programmable Bench Power Supply',
    category: 'Power Supplies',
    priceCents: 15900,
    minOrderQuantity: 1,
    inStock: 54,
    icon: 'psu',
    description:
      'Linear 0 to 30 V, 0 to 5 A supply with 10 mV and 1 mA resolution, over-voltage and over-current protection, memory presets and a USB interface for automated test benches.',
  },
  {
    slug: 'vf-dc24-din-rail-supply',
    name: 'VF-DC24 DIN-Rail Power Supply 24 V 5 A',
    category: 'Power Supplies',
    priceCents: 4200,
    minOrderQuantity: 10,
    orderMultiple: 10,
    priceBreaks: [
      [50, 3950],
      [200, 3690],
    ],
    inStock: 600,
    icon: 'psu',
    description:
      'A 120 W industrial supply for control cabinets: universal input, 91% efficiency, short-circuit protection and a DC-OK relay contact.',
  },
  {
    slug: 'vf-cd18-cordless-drill',
    name: 'VF-CD18 18 V Brushless Drill Driver',
    category: 'Power Tools',
    priceCents: 13900,
    minOrderQuantity: 1,
    inStock: 88,
    icon: 'drill',
    description:
      'Compact brushless drill with 60 Nm torque, two speeds, a 13 mm metal chuck and an LED ring light. Two 2.0 Ah batteries and a fast charger included.',
  },
  {
    slug: 'vf-ws12-wire-stripper',
    name: 'VF-WS12 Automatic Wire Stripper',
    category: 'Hand Tools',
    priceCents: 2890,
    minOrderQuantity: 6,
    orderMultiple: 6,
    priceBreaks: [
      [36, 2690],
      [120, 2490],
    ],
    inStock: 350,
    icon: 'pliers',
    description:
      'Self-adjusting stripper for 0.2 to 6 mm² conductors with an integrated cutter and crimper, so one tool handles the whole termination job.',
  },
  {
    slug: 'vf-isd7-insulated-screwdrivers',
    name: 'VF-ISD7 1000 V Insulated Screwdriver Set',
    category: 'Hand Tools',
    priceCents: 3990,
    minOrderQuantity: 3,
    inStock: 210,
    icon: 'driver',
    description:
      'Seven VDE-tested screwdrivers (slotted, Phillips and Pozidriv) with two-component grips, each individually tested at 10 000 V for work on live panels up to 1000 V.',
  },
  {
    slug: 'vf-cp8-crimping-pliers',
    name: 'VF-CP8 Ratchet Crimping Pliers',
    category: 'Hand Tools',
    priceCents: 4650,
    minOrderQuantity: 2,
    inStock: 9,
    icon: 'pliers',
    description: 'Ratchet crimper for insulated terminals from 0.5 to 6 mm² with a release lever.',
  },
  {
    slug: 'vf-rl12-relay-module',
    name: 'VF-RL12 12 V Relay Module, 4 Channels',
    category: 'Components',
    priceCents: 890,
    minOrderQuantity: 20,
    orderMultiple: 20,
    priceBreaks: [
      [100, 820],
      [500, 740],
      [1000, 690],
    ],
    inStock: 2400,
    icon: 'relay',
    description:
      'Four optically isolated 10 A relays on one board with screw terminals and status LEDs, driven directly from 3.3 V or 5 V logic.',
  },
  {
    slug: 'vf-mc328-microcontroller-board',
    name: 'VF-MC328 Microcontroller Board',
    category: 'Components',
    priceCents: 1450,
    minOrderQuantity: 10,
    orderMultiple: 10,
    priceBreaks: [
      [50, 1350],
      [250, 1240],
    ],
    inStock: 1800,
    icon: 'chip',
    description:
      'An ATmega328P development board with USB-C programming, 14 digital and 6 analogue pins and a 5 V / 3.3 V regulator, compatible with common IDEs and shields.',
  },
  {
    slug: 'vf-tl100-test-leads',
    name: 'VF-TL100 Silicone Test Lead Kit',
    category: 'Measurement & Test',
    priceCents: 1990,
    minOrderQuantity: 5,
    priceBreaks: [
      [25, 1850],
      [100, 1690],
    ],
    inStock: 500,
    icon: 'cable',
    description:
      'CAT IV 1000 V silicone leads with interchangeable probes, crocodile clips and 4 mm banana plugs.',
  },
];

export interface SeedReview {
  userName: string;
  rating: number;
  comment: string;
  avatar: string | null;
  daysAgo: number;
}

export const seedReviews: SeedReview[] = [
  {
    userName: 'Amara Okafor',
    rating: 5,
    avatar: '/images/avatars/amara.webp',
    daysAgo: 2,
    comment:
      'The DM200 meters arrived two days after ordering and every one was calibrated. Our apprentices love the backlight.',
  },
  {
    userName: 'Lukas Brenner',
    rating: 4,
    avatar: '/images/avatars/lukas.webp',
    daysAgo: 5,
    comment:
      'Solid soldering stations at a fair price. I would like one more preset, but the heat-up time is excellent.',
  },
  {
    userName: 'Priya Raman',
    rating: 5,
    avatar: null,
    daysAgo: 9,
    comment:
      'We equip a whole lab with the bench supplies. Support answered a firmware question within the hour.',
  },
  {
    userName: 'Diego Fernández',
    rating: 5,
    avatar: '/images/avatars/diego.webp',
    daysAgo: 14,
    comment: 'Insulated screwdrivers feel great in the hand and passed our own 1000 V checks.',
  },
  {
    userName: 'Hannah Lee',
    rating: 3,
    avatar: null,
    daysAgo: 21,
    comment: 'Good relay modules. Packaging could be smaller, but nothing was damaged.',
  },
  {
    userName: 'Tomasz Nowak',
    rating: 4,
    avatar: '/images/avatars/tomasz.webp',
    daysAgo: 30,
    comment: 'The oscilloscope decodes UART and SPI reliably; a great scope for its price bracket.',
  },
  {
    userName: 'Grace Mensah',
    rating: 5,
    avatar: null,
    daysAgo: 40,
    comment:
      'Ordering the minimum quantity for our workshop was straightforward and payment was instant.',
  },
];
