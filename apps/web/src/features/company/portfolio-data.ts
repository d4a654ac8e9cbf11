/** Everything the /portfolio page shows about the site's developer, in one place. */
export const portfolio = {
  name: 'Alex Morgan',
  role: 'Full-stack web developer',
  email: 'alex.morgan@example.com',
  objective:
    'To build fast, accessible and secure web applications that people enjoy using, in a team that ships often, measures what it ships and keeps learning. I want to grow from full-stack developer into a technical lead for commerce products.',
  skills: [
    { group: 'Languages', items: ['TypeScript', 'JavaScript', 'SQL', 'HTML', 'CSS'] },
    {
      group: 'Front end',
      items: ['React', 'React Router', 'TanStack Query', 'Tailwind CSS', 'daisyUI'],
    },
    { group: 'Back end', items: ['Node.js', 'Fastify', 'PostgreSQL', 'Drizzle ORM', 'REST APIs'] },
    {
      group: 'Practice',
      items: ['Accessibility (WCAG 2.2)', 'Vitest', 'Playwright', 'CI/CD', 'Web performance'],
    },
  ],
  projects: [
    {
      name: 'Voltforge storefront',
      description:
        'This shop: a catalogue with search and filters, ordering with atomic stock reservation, card payments, reviews and an admin area.',
      stack: ['React', 'Fastify', 'PostgreSQL', 'Stripe'],
    },
    {
      name: 'Workshop booking system',
      description:
        'Online booking for a repair workshop: time slots, reminders by email and a staff calendar, used by three branches.',
      stack: ['TypeScript', 'Node.js', 'PostgreSQL'],
    },
    {
      name: 'Energy usage dashboard',
      description:
        'Charts of live and historical power readings from smart meters, with alerts when usage spikes.',
      stack: ['React', 'WebSockets', 'TimescaleDB'],
    },
  ],
  education: [
    {
      degree: 'BSc in Computer Science and Engineering',
      institution: 'Northbridge University of Technology',
      year: '2019 – 2023',
      result: 'First-class honours',
    },
    {
      degree: 'Higher Secondary Certificate (Science)',
      institution: 'Riverside College',
      year: '2017 – 2019',
      result: 'GPA 5.00 / 5.00',
    },
    {
      degree: 'Web Accessibility Specialist course',
      institution: 'Online, self-paced',
      year: '2024',
      result: 'Completed',
    },
  ],
} as const;
