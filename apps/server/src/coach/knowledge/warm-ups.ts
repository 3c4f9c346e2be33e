import type { WarmUp } from './types.js';

/** Warm-ups that open a lesson; `kidsSuitable` marks those that work for a kids' class. */
export const WARM_UPS: readonly WarmUp[] = [
  {
    id: 'movement-lines',
    name: { en: 'Jiu-jitsu movement lines', pl: 'Linie ruchowe jiu-jitsu' },
    description: {
      en: 'Students cross the mat in lines with a light jog, then shrimps, forward and backward shoulder rolls, bear crawls and sprawls. The pace rises lap by lap until everyone is warm and breathing harder.',
      pl: 'Uczniowie przemierzają matę w rzędach: lekki trucht, potem krewetki, przewroty przez bark w przód i w tył, chód niedźwiedzia i sprawle. Tempo rośnie z każdym okrążeniem, aż wszyscy są rozgrzani i oddychają szybciej.',
    },
    minutes: 8,
    kidsSuitable: true,
  },
  {
    id: 'animal-walks',
    name: { en: 'Animal walks', pl: 'Chody zwierząt' },
    description: {
      en: 'Bear crawls, crab walks, frog jumps, duck walks and gorilla steps across the mat, with a short rest between lines. They build coordination and strength, and children love them.',
      pl: 'Chód niedźwiedzia, kraba, skoki żabki, chód kaczki i kroki goryla przez matę, z krótką przerwą między rzędami. Budują koordynację i siłę, a dzieci je uwielbiają.',
    },
    minutes: 6,
    kidsSuitable: true,
  },
  {
    id: 'solo-drill-circuit',
    name: { en: 'Solo drill circuit', pl: 'Obwód ćwiczeń indywidualnych' },
    description: {
      en: 'Thirty seconds each of bridges, shrimps, technical stand-ups, sprawls and sit-outs, with ten seconds to change. It warms the body with the exact movements of the lesson.',
      pl: 'Po trzydzieści sekund mostków, krewetek, technicznego wstawania, sprawli i wyjść do siadu, z dziesięcioma sekundami na zmianę. Rozgrzewa ciało dokładnie tymi ruchami, których wymaga lekcja.',
    },
    minutes: 7,
    kidsSuitable: true,
  },
  {
    id: 'breakfalls-and-rolls',
    name: { en: 'Breakfalls and rolls', pl: 'Padanie i przewroty' },
    description: {
      en: 'Backward and side breakfalls from squatting and standing, then forward shoulder rolls in both directions. Students keep the chin tucked and slap the mat to spread the impact.',
      pl: 'Padanie do tyłu i na boki z przysiadu i ze stania, a potem przewroty przez bark w przód w obie strony. Uczniowie trzymają brodę przy klatce i uderzają dłonią w matę, żeby rozłożyć siłę upadku.',
    },
    minutes: 5,
    kidsSuitable: true,
  },
  {
    id: 'dynamic-stretching-jog',
    name: { en: 'Jog and dynamic stretching', pl: 'Trucht i rozciąganie dynamiczne' },
    description: {
      en: 'A light jog around the mat with arm circles, high knees and heel kicks, followed by leg swings, walking lunges and trunk rotations. It is a simple full-body warm-up that suits every level.',
      pl: 'Lekki trucht dookoła maty z krążeniami ramion, skipem i uderzaniem piętami w pośladki, a potem wymachy nóg, wykroki w marszu i skręty tułowia. To prosta rozgrzewka całego ciała, odpowiednia dla każdego poziomu.',
    },
    minutes: 6,
    kidsSuitable: true,
  },
  {
    id: 'tag-games',
    name: { en: 'Tag games on the mat', pl: 'Berek na macie' },
    description: {
      en: 'Children play tag on their knees or in a bear crawl, and whoever is caught joins the chasers. It raises the heart rate quickly and teaches them to move low and change direction.',
      pl: 'Dzieci bawią się w berka na kolanach albo w chodzie niedźwiedzia, a złapany dołącza do goniących. Szybko podnosi tętno i uczy poruszania się nisko i zmiany kierunku.',
    },
    minutes: 6,
    kidsSuitable: true,
  },
  {
    id: 'sumo-push-game',
    name: { en: 'Sumo pushing game', pl: 'Zabawa w sumo' },
    description: {
      en: 'Partners kneel face to face inside a small circle and try to push each other out or onto their side, without pulling the head. Short rounds teach base and posture through play.',
      pl: 'Partnerzy klęczą naprzeciw siebie w małym kole i próbują wypchnąć się nawzajem albo przewrócić na bok, bez ciągnięcia za głowę. Krótkie rundy uczą przez zabawę równowagi i postawy.',
    },
    minutes: 5,
    kidsSuitable: true,
  },
  {
    id: 'partner-pummeling',
    name: { en: 'Standing pummeling', pl: 'Pummeling w stójce' },
    description: {
      en: 'Partners stand chest to chest and swim their arms inside for underhooks, alternating sides at a steady rhythm. The speed and resistance rise gradually over the minutes.',
      pl: 'Partnerzy stoją klatka do klatki i na zmianę wsuwają ręce do środka po podchwyty, w stałym rytmie. Tempo i opór rosną stopniowo z każdą minutą.',
    },
    minutes: 5,
    kidsSuitable: true,
  },
  {
    id: 'hip-mobility-flow',
    name: { en: 'Hip mobility flow', pl: 'Mobilizacja bioder' },
    description: {
      en: 'Hip circles on all fours, 90/90 switches, Cossack squats and hip bridges, each done slowly for a minute. It prepares the hips for guard work and reduces strain on the knees.',
      pl: 'Krążenia bioder w klęku podpartym, zmiany pozycji 90/90, przysiady kozackie i unoszenie bioder, każde powoli przez minutę. Przygotowuje biodra do pracy w gardzie i odciąża kolana.',
    },
    minutes: 6,
    kidsSuitable: false,
  },
  {
    id: 'shoulder-and-neck-prep',
    name: { en: 'Shoulder and neck preparation', pl: 'Przygotowanie barków i szyi' },
    description: {
      en: 'Arm circles, shoulder rolls and shoulder pass-throughs with a belt, then gentle neck turns and isometric holds against your own hand. It readies the joints that take the most strain in grappling.',
      pl: 'Krążenia ramion, rolowanie barków i przenoszenie pasa nad głową, a potem delikatne skręty szyi i napięcia izometryczne przeciwko własnej dłoni. Przygotowuje stawy, które w grapplingu są najbardziej obciążone.',
    },
    minutes: 5,
    kidsSuitable: false,
  },
  {
    id: 'guard-play-warm-up',
    name: { en: 'Light guard play', pl: 'Lekka gra w gardzie' },
    description: {
      en: 'One partner walks around the guard at low speed while the other keeps their feet on the hips and knees, then they switch. It warms the legs and hips and sets the rhythm for guard techniques.',
      pl: 'Jeden partner powoli obchodzi gardę, a drugi trzyma stopy na jego biodrach i kolanach, po czym się zamieniają. Rozgrzewa nogi i biodra oraz nadaje rytm technikom w gardzie.',
    },
    minutes: 6,
    kidsSuitable: false,
  },
  {
    id: 'core-and-grip-activation',
    name: { en: 'Core and grip activation', pl: 'Aktywacja tułowia i chwytu' },
    description: {
      en: 'Dead bugs, hollow holds, plank shoulder taps and squeezing a rolled gi or belt for grip, in short sets. It switches on the muscles that hold positions and grips.',
      pl: 'Martwy robak, pozycja łódki, deska z dotykaniem barków i ściskanie zwiniętej kurtki lub pasa dla chwytu, w krótkich seriach. Włącza mięśnie, które utrzymują pozycje i chwyty.',
    },
    minutes: 5,
    kidsSuitable: false,
  },
];
