export type Testimonial = {
  name: string;
  role: string;
  content: string;
  rating: number;
  avatar: string;
};

export const testimonials: Testimonial[] = [
  {
    name: "Maria Alvarez",
    role: "Account Executive, B2B SaaS",
    content:
      "I used to rewrite every follow-up three times. Now I type what I mean, pause, and Tonewise hands me something I'd be proud to send. My reply rate on cold follow-ups went up within the first month.",
    rating: 5,
    avatar: "M",
  },
  {
    name: "David Chen",
    role: "Customer Support Lead",
    content:
      "Our team answers frustrated customers all day. Tonewise keeps our replies warm and clear even at the end of a long shift, and it never sounds like a robot.",
    rating: 5,
    avatar: "D",
  },
  {
    name: "Priya Natarajan",
    role: "Client Success Manager, Agency",
    content:
      "Renewal conversations are delicate. The suggestions find the right balance between friendly and firm, and I stay in control because nothing is sent until I click Replace.",
    rating: 5,
    avatar: "P",
  },
  {
    name: "James O'Connor",
    role: "Sales Manager, Car Dealership",
    content:
      "My salespeople text customers from their phones and laptops all day. Tonewise turned rushed one-liners into follow-ups that actually get test drives booked.",
    rating: 5,
    avatar: "J",
  },
  {
    name: "Sofia Rossi",
    role: "Independent Financial Advisor",
    content:
      "Writing to clients about market dips used to take me an hour. Now my first draft is calm, reassuring and professional in seconds, and it still sounds like me.",
    rating: 5,
    avatar: "S",
  },
];

export const TESTIMONIAL_AUTOPLAY_MS = 5_000;
