/** A green, a flag and rolling fairways: decoration for the hero, hidden from assistive tech. */
export function HeroArt() {
  return (
    <svg viewBox="0 0 480 360" width="100%" role="presentation" aria-hidden="true" style={{ maxWidth: 480 }}>
      <defs>
        <clipPath id="hero-frame">
          <rect width="480" height="360" rx="28" />
        </clipPath>
        <linearGradient id="sky" x1="0" x2="0" y1="0" y2="1">
          <stop offset="0" stopColor="#ffffff" stopOpacity="0.16" />
          <stop offset="1" stopColor="#ffffff" stopOpacity="0.04" />
        </linearGradient>
        <linearGradient id="hill-far" x1="0" x2="0" y1="0" y2="1">
          <stop offset="0" stopColor="#4fb879" />
          <stop offset="1" stopColor="#28a75c" />
        </linearGradient>
        <linearGradient id="hill-near" x1="0" x2="0" y1="0" y2="1">
          <stop offset="0" stopColor="#76c897" />
          <stop offset="1" stopColor="#37ad66" />
        </linearGradient>
      </defs>
      <g clipPath="url(#hero-frame)">
        <rect width="480" height="360" fill="url(#sky)" />
        <circle cx="380" cy="80" r="46" fill="#f5c542" opacity="0.9" />
        <path
          d="M0 230 C90 170 170 200 250 180 C330 160 400 190 480 170 L480 360 L0 360 Z"
          fill="url(#hill-far)"
          opacity="0.85"
        />
        <path
          d="M0 280 C110 240 200 270 290 250 C370 232 420 250 480 240 L480 360 L0 360 Z"
          fill="url(#hill-near)"
        />
        <ellipse cx="300" cy="262" rx="86" ry="18" fill="#a6dbbb" />
        <ellipse cx="312" cy="262" rx="9" ry="3.5" fill="#0c5233" />
        <line x1="312" y1="262" x2="312" y2="150" stroke="#ffffff" strokeWidth="4" strokeLinecap="round" />
        <path d="M314 152 L362 168 L314 186 Z" fill="#f5c542" />
        <circle cx="236" cy="266" r="6" fill="#ffffff" />
        <path
          d="M40 330 C120 300 170 320 230 306"
          stroke="#d3eddd"
          strokeWidth="3"
          strokeDasharray="2 10"
          fill="none"
          strokeLinecap="round"
          opacity="0.8"
        />
      </g>
    </svg>
  );
}
