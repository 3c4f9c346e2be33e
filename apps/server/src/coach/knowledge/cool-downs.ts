import type { CoolDown } from './types.js';

/** Cool-downs that close a lesson. */
export const COOL_DOWNS: readonly CoolDown[] = [
  {
    id: 'breathing-and-stretching',
    name: { en: 'Breathing and static stretching', pl: 'Oddech i rozciąganie statyczne' },
    description: {
      en: 'Students lie on their backs and breathe slowly in for four counts and out for six, then hold stretches for the hamstrings, hips and shoulders for thirty seconds each. The heart rate comes down before they leave the mat.',
      pl: 'Uczniowie leżą na plecach i oddychają powoli: wdech na cztery, wydech na sześć, a potem utrzymują rozciąganie mięśni dwugłowych ud, bioder i barków po trzydzieści sekund. Tętno spada, zanim zejdą z maty.',
    },
    minutes: 5,
  },
  {
    id: 'partner-stretching',
    name: { en: 'Partner stretching', pl: 'Rozciąganie w parach' },
    description: {
      en: 'Partners help each other with gentle hamstring, chest and shoulder stretches, with the person stretching saying when to stop. Nobody pushes past a comfortable pull.',
      pl: 'Partnerzy pomagają sobie nawzajem w delikatnym rozciąganiu mięśni ud, klatki i barków, a rozciągany mówi, kiedy przestać. Nikt nie przekracza granicy przyjemnego napięcia.',
    },
    minutes: 6,
  },
  {
    id: 'yoga-flow',
    name: { en: 'Yoga-based cool-down', pl: 'Wyciszenie z elementami jogi' },
    description: {
      en: "A slow sequence of child's pose, cat and cow, pigeon pose on each side and a gentle spinal twist. Each pose is held for several calm breaths.",
      pl: 'Powolna sekwencja: pozycja dziecka, koci grzbiet, pozycja gołębia na każdą stronę i delikatny skręt kręgosłupa. Każdą pozycję utrzymuje się przez kilka spokojnych oddechów.',
    },
    minutes: 7,
  },
  {
    id: 'slow-flow-roll',
    name: { en: 'Slow technical flow', pl: 'Powolny flow techniczny' },
    description: {
      en: 'Partners move through positions at a very low intensity, with no resistance and no submissions, trying the techniques of the day. It brings the breathing down while repeating the lesson once more.',
      pl: 'Partnerzy przechodzą przez pozycje z bardzo małą intensywnością, bez oporu i bez poddań, próbując technik z zajęć. Uspokaja oddech, a jednocześnie jeszcze raz powtarza materiał lekcji.',
    },
    minutes: 5,
  },
  {
    id: 'reflection-circle',
    name: { en: 'Stretching circle with reflection', pl: 'Krąg z rozciąganiem i podsumowaniem' },
    description: {
      en: 'The class sits in a circle doing easy seated stretches while each student names one thing they learned or want to improve. The instructor closes with a short summary of the lesson.',
      pl: 'Grupa siedzi w kole, wykonując łatwe ćwiczenia rozciągające w siadzie, a każdy uczeń mówi jedną rzecz, której się nauczył albo chce poprawić. Instruktor kończy krótkim podsumowaniem zajęć.',
    },
    minutes: 4,
  },
  {
    id: 'neck-and-shoulder-release',
    name: { en: 'Neck and shoulder release', pl: 'Rozluźnienie szyi i barków' },
    description: {
      en: 'Slow neck tilts and turns, shoulder rolls, a cross-body arm stretch and a doorway-style chest stretch on the mat. It releases the tension left by grips and frames.',
      pl: 'Powolne skłony i skręty szyi, rolowanie barków, przyciąganie ramienia w poprzek klatki i rozciąganie klatki piersiowej na macie. Rozluźnia napięcie pozostawione przez chwyty i ramy.',
    },
    minutes: 5,
  },
  {
    id: 'hip-and-back-mobility',
    name: { en: 'Hip and lower back mobility', pl: 'Mobilizacja bioder i dolnej części pleców' },
    description: {
      en: 'Knees-to-chest rocking, a figure-four stretch, the butterfly stretch and a lying spinal twist, each held for several breaths. It eases the hips and lower back after guard work and takedowns.',
      pl: 'Kołysanie z kolanami przy klatce, rozciąganie w pozycji czwórki, pozycja motyla i skręt kręgosłupa w leżeniu, każde przez kilka oddechów. Odciąża biodra i dolną część pleców po pracy w gardzie i obaleniach.',
    },
    minutes: 6,
  },
  {
    id: 'body-scan-relaxation',
    name: { en: 'Lying body scan', pl: 'Relaksacja w leżeniu' },
    description: {
      en: 'Students lie still with their eyes closed while the instructor guides their attention from the feet to the head, relaxing each part in turn. It is a calm end to an intense session.',
      pl: 'Uczniowie leżą nieruchomo z zamkniętymi oczami, a instruktor prowadzi ich uwagę od stóp do głowy, rozluźniając kolejno każdą część ciała. To spokojne zakończenie intensywnego treningu.',
    },
    minutes: 4,
  },
  {
    id: 'walk-and-shake-out',
    name: { en: 'Walk and shake out', pl: 'Marsz i rozluźnienie' },
    description: {
      en: 'Students walk slowly around the mat, shaking out the arms and legs and taking deep breaths, then finish with a few standing stretches. It suits short sessions and kids classes.',
      pl: 'Uczniowie powoli chodzą dookoła maty, potrząsając rękami i nogami i biorąc głębokie oddechy, a na koniec wykonują kilka ćwiczeń rozciągających na stojąco. Sprawdza się na krótkich zajęciach i u dzieci.',
    },
    minutes: 3,
  },
];
