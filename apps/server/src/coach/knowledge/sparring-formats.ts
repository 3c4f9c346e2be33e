import type { SparringFormat } from './types.js';

/**
 * Sparring formats for the end of a lesson. A plan joins the guidelines with semicolons, so no guideline
 * contains one.
 */
export const SPARRING_FORMATS: readonly SparringFormat[] = [
  {
    id: 'guard-versus-pass',
    name: { en: 'Positional sparring: guard versus pass', pl: 'Sparing pozycyjny: garda kontra przejście' },
    description: {
      en: 'One partner starts in guard and the other on top. The guard player scores with a sweep or a submission, the passer with a pass held for three seconds, and they restart after each score.',
      pl: 'Jeden partner zaczyna w gardzie, drugi na górze. Zawodnik w gardzie punktuje wywrotką lub poddaniem, a przechodzący przejściem utrzymanym przez trzy sekundy, i po każdym punkcie zaczynają od nowa.',
    },
    guidelines: {
      en: [
        'Start from the guard taught in the lesson',
        'Restart in the same position after every sweep, pass or tap',
        'Switch roles halfway through each round',
        'Work at a steady pace and keep control of every submission',
      ],
      pl: [
        'Zaczynajcie z gardy ćwiczonej na zajęciach',
        'Po każdej wywrotce, przejściu lub odklepaniu wracajcie do pozycji startowej',
        'W połowie każdej rundy zamieńcie się rolami',
        'Pracujcie w równym tempie i kontrolujcie każde poddanie',
      ],
    },
    roundMinutes: 3,
    rounds: 4,
    minLevel: 'beginner',
    maxLevel: 'advanced',
    kidsSuitable: true,
  },
  {
    id: 'king-of-the-hill',
    name: { en: 'King of the hill', pl: 'Król wzgórza' },
    description: {
      en: 'Pairs start in a set position, and whoever scores stays on while the other is replaced by the next student in line. It keeps the whole class involved and rewards clean, decisive technique.',
      pl: 'Pary zaczynają w ustalonej pozycji, a ten, kto zdobędzie punkt, zostaje, podczas gdy drugiego zastępuje kolejna osoba z kolejki. Angażuje całą grupę i nagradza czystą, zdecydowaną technikę.',
    },
    guidelines: {
      en: [
        'Agree on the starting position before each round',
        'A sweep, pass, escape or submission ends the exchange',
        'The next student steps in as soon as the exchange ends',
        'Match partners by size and belt where you can',
      ],
      pl: [
        'Przed każdą rundą ustalcie pozycję startową',
        'Wywrotka, przejście, ucieczka lub poddanie kończy wymianę',
        'Następna osoba wchodzi od razu po zakończeniu wymiany',
        'W miarę możliwości dobierajcie partnerów według wagi i pasa',
      ],
    },
    roundMinutes: 2,
    rounds: 6,
    minLevel: 'beginner',
    maxLevel: 'advanced',
    kidsSuitable: true,
  },
  {
    id: 'escape-rounds',
    name: { en: 'Escape rounds', pl: 'Rundy ucieczek' },
    description: {
      en: 'One partner starts in a bad position, under mount, side control or back control, and tries to escape. The top partner keeps the position and attacks lightly.',
      pl: 'Jeden partner zaczyna w złej pozycji, pod dosiadem, kontrolą boczną albo na plecach, i próbuje uciec. Partner na górze utrzymuje pozycję i lekko atakuje.',
    },
    guidelines: {
      en: [
        'Start under mount, side control or back control',
        'An escape to guard or to the feet earns a point and a restart',
        'Top partners attack at half speed so the escapes stay realistic',
        'Change roles after every round',
      ],
      pl: [
        'Zaczynajcie pod dosiadem, kontrolą boczną albo z partnerem na plecach',
        'Ucieczka do gardy lub na nogi daje punkt i nowy start',
        'Partner na górze atakuje w połowie tempa, żeby ucieczki były realistyczne',
        'Po każdej rundzie zamieńcie się rolami',
      ],
    },
    roundMinutes: 2,
    rounds: 6,
    minLevel: 'beginner',
    maxLevel: 'intermediate',
    kidsSuitable: true,
  },
  {
    id: 'flow-rolling',
    name: { en: 'Flow rolling', pl: 'Flow rolling (płynny sparing)' },
    description: {
      en: 'Partners roll at low intensity, letting each other move and trying techniques rather than winning. It builds timing and confidence without injuries.',
      pl: 'Partnerzy sparują z małą intensywnością, pozwalając sobie nawzajem się ruszać i próbując technik zamiast walczyć o wygraną. Buduje wyczucie czasu i pewność siebie bez kontuzji.',
    },
    guidelines: {
      en: [
        'Keep the intensity at about a third of a hard roll',
        'Let your partner finish a movement before you counter it',
        'Tap lightly and let go of any submission at once',
        'Try the techniques from today as often as you can',
      ],
      pl: [
        'Utrzymujcie intensywność na poziomie około jednej trzeciej mocnego sparingu',
        'Pozwól partnerowi dokończyć ruch, zanim go skontrujesz',
        'Odklepuj lekko i od razu puszczaj każde poddanie',
        'Jak najczęściej próbujcie technik z dzisiejszych zajęć',
      ],
    },
    roundMinutes: 4,
    rounds: 3,
    minLevel: 'beginner',
    maxLevel: 'advanced',
    kidsSuitable: true,
  },
  {
    id: 'pin-game',
    name: { en: 'Pin game', pl: 'Gra w przyszpilenie' },
    description: {
      en: 'A game for children and new students: a point for holding side control, mount or the back for three seconds. Submissions are not allowed, so the focus stays on control and escapes.',
      pl: 'Gra dla dzieci i początkujących: punkt za utrzymanie kontroli bocznej, dosiadu lub pleców przez trzy sekundy. Poddania są zabronione, więc uwaga skupia się na kontroli i ucieczkach.',
    },
    guidelines: {
      en: [
        'Start on the knees facing each other',
        'Hold side control, mount or the back for three seconds to score',
        'No submissions and no pulling on the head or neck',
        'Stop at once when the coach or your partner says stop',
      ],
      pl: [
        'Zaczynajcie na kolanach, przodem do siebie',
        'Utrzymaj kontrolę boczną, dosiad lub plecy przez trzy sekundy, żeby zdobyć punkt',
        'Bez poddań i bez ciągnięcia za głowę lub szyję',
        'Przerwij od razu, gdy trener lub partner powie „stop”',
      ],
    },
    roundMinutes: 2,
    rounds: 5,
    minLevel: 'beginner',
    maxLevel: 'beginner',
    kidsSuitable: true,
  },
  {
    id: 'closed-guard-submission-hunt',
    name: { en: 'Closed guard submission hunt', pl: 'Polowanie na poddanie z gardy zamkniętej' },
    description: {
      en: 'The bottom partner keeps closed guard and attacks only submissions, while the top partner keeps posture and tries to open the guard. A tap or an opened guard ends the exchange.',
      pl: 'Partner na dole trzyma gardę zamkniętą i atakuje wyłącznie poddaniami, a górny utrzymuje postawę i próbuje otworzyć gardę. Odklepanie albo otwarta garda kończy wymianę.',
    },
    guidelines: {
      en: [
        'The bottom partner must keep the ankles crossed',
        'The top partner scores by opening the guard and standing up',
        'Apply every submission slowly and release at the tap',
        'Switch roles after each exchange',
      ],
      pl: [
        'Partner na dole musi trzymać skrzyżowane kostki',
        'Partner na górze punktuje, otwierając gardę i wstając',
        'Zakładajcie każde poddanie powoli i puszczajcie przy odklepaniu',
        'Po każdej wymianie zamieńcie się rolami',
      ],
    },
    roundMinutes: 3,
    rounds: 4,
    minLevel: 'beginner',
    maxLevel: 'intermediate',
    kidsSuitable: true,
  },
  {
    id: 'back-attack-rounds',
    name: { en: 'Back attack and defence rounds', pl: 'Rundy ataku i obrony pleców' },
    description: {
      en: 'Each round starts with one partner on the back of the other with a seatbelt and hooks. The attacker looks for the choke, and the defender scores by escaping to guard or to the top.',
      pl: 'Każda runda zaczyna się od jednego partnera na plecach drugiego, z chwytem seatbelt i hakami. Atakujący szuka duszenia, a broniący punktuje ucieczką do gardy lub na górę.',
    },
    guidelines: {
      en: [
        'Start with a seatbelt grip and both hooks in',
        'The defender protects the neck before working the escape',
        'Release chokes at the first tap',
        'Restart after each escape or submission and switch roles',
      ],
      pl: [
        'Zaczynajcie z chwytem seatbelt i oboma hakami',
        'Broniący najpierw chroni szyję, a dopiero potem pracuje nad ucieczką',
        'Puszczajcie duszenia przy pierwszym odklepaniu',
        'Po każdej ucieczce lub poddaniu zaczynajcie od nowa i zamieniajcie się rolami',
      ],
    },
    roundMinutes: 2,
    rounds: 5,
    minLevel: 'beginner',
    maxLevel: 'advanced',
    kidsSuitable: true,
  },
  {
    id: 'takedown-rounds',
    name: { en: 'Takedown rounds', pl: 'Rundy obaleń' },
    description: {
      en: 'Partners start standing and fight only for the takedown, restarting on their feet after each one. It builds grip fighting, takedowns and takedown defence.',
      pl: 'Partnerzy zaczynają w stójce i walczą wyłącznie o obalenie, po każdym wracając do stójki. Buduje walkę o chwyty, obalenia i obronę przed nimi.',
    },
    guidelines: {
      en: [
        'Use enough space and keep away from the walls and other pairs',
        'No jumping guard, no slams and no scissor takedowns',
        'Keep your head inside on leg attacks',
        'Restart standing after every takedown',
      ],
      pl: [
        'Zapewnijcie sobie dość miejsca i trzymajcie się z dala od ścian i innych par',
        'Bez wskakiwania do gardy, bez rzucania partnerem o matę i bez rzutu nożycowego (kani basami)',
        'Przy atakach na nogi trzymajcie głowę w środku',
        'Po każdym obaleniu zaczynajcie od nowa w stójce',
      ],
    },
    roundMinutes: 3,
    rounds: 4,
    minLevel: 'intermediate',
    maxLevel: 'advanced',
    kidsSuitable: false,
  },
  {
    id: 'full-rolls',
    name: { en: 'Full rolls', pl: 'Pełne sparingi' },
    description: {
      en: 'Standard rolls from the knees or from standing, with every technique allowed for the belts of both partners. The instructor watches the mat and pairs students by size and experience.',
      pl: 'Standardowe sparingi z kolan lub ze stójki, z każdą techniką dozwoloną dla pasów obu partnerów. Instruktor obserwuje matę i dobiera pary według wagi i doświadczenia.',
    },
    guidelines: {
      en: [
        'Only use techniques allowed for the lower belt of the pair',
        'Tap early and release at once when your partner taps',
        'Control your pace and rest one round in three if you need to',
        'Look after the pairs around you and stop before you roll into them',
      ],
      pl: [
        'Stosujcie tylko techniki dozwolone dla niższego pasa w parze',
        'Odklepujcie wcześnie i puszczajcie od razu, gdy partner odklepie',
        'Kontrolujcie tempo i w razie potrzeby odpuśćcie co trzecią rundę',
        'Uważajcie na pary obok i zatrzymajcie się, zanim na nie wpadniecie',
      ],
    },
    roundMinutes: 5,
    rounds: 4,
    minLevel: 'intermediate',
    maxLevel: 'advanced',
    kidsSuitable: false,
  },
  {
    id: 'competition-simulation',
    name: { en: 'Competition simulation', pl: 'Symulacja zawodów' },
    description: {
      en: 'Matches under IBJJF-style scoring, starting standing, with a referee from the class and a timer. It prepares students for the pace and pressure of a tournament.',
      pl: 'Walki z punktacją w stylu IBJJF, od stójki, z sędzią wybranym z grupy i zegarem. Przygotowuje uczniów do tempa i presji turnieju.',
    },
    guidelines: {
      en: [
        'Start standing and follow the IBJJF points and illegal-techniques table for your belt',
        'A classmate referees and keeps the score',
        'Fight at full pace but stop at once when the referee says so',
        'Discuss one thing to improve with your partner after each match',
      ],
      pl: [
        'Zaczynajcie od stójki i przestrzegajcie punktacji IBJJF oraz tabeli zakazanych technik dla waszego pasa',
        'Kolega z grupy sędziuje i liczy punkty',
        'Walczcie w pełnym tempie, ale przerywajcie od razu na znak sędziego',
        'Po każdej walce omówcie z partnerem jedną rzecz do poprawy',
      ],
    },
    roundMinutes: 6,
    rounds: 3,
    minLevel: 'intermediate',
    maxLevel: 'advanced',
    kidsSuitable: false,
  },
  {
    id: 'shark-tank',
    name: { en: 'Shark tank', pl: 'Akwarium z rekinami (shark tank)' },
    description: {
      en: 'One student stays in while a fresh partner replaces the previous one every minute. It trains composure and defence under fatigue and is meant for experienced students only.',
      pl: 'Jeden uczeń zostaje na macie, a co minutę poprzedniego partnera zastępuje wypoczęty. Uczy spokoju i obrony w zmęczeniu i jest przeznaczony wyłącznie dla doświadczonych uczniów.',
    },
    guidelines: {
      en: [
        'Fresh partners start at a controlled pace and never spike the intensity',
        'The student in the tank protects the neck and joints first',
        'Stop the set at once if technique falls apart from fatigue',
        'Rotate so every volunteer gets a turn in the tank',
      ],
      pl: [
        'Wypoczęci partnerzy zaczynają w kontrolowanym tempie i nigdy gwałtownie nie podkręcają intensywności',
        'Osoba w akwarium przede wszystkim chroni szyję i stawy',
        'Przerwijcie serię od razu, jeśli technika rozpada się ze zmęczenia',
        'Zmieniajcie się tak, żeby każdy chętny trafił do akwarium',
      ],
    },
    roundMinutes: 1,
    rounds: 5,
    minLevel: 'advanced',
    maxLevel: 'advanced',
    kidsSuitable: false,
  },
  {
    id: 'leg-lock-rounds',
    name: { en: 'Leg lock positional rounds', pl: 'Rundy pozycyjne z dźwigniami na nogi' },
    description: {
      en: 'Partners start in a leg entanglement and fight to finish a foot lock or to free the leg and pass. Only locks allowed for the belts of both partners may be used.',
      pl: 'Partnerzy zaczynają w splocie nóg i walczą o zakończenie dźwignią na stopę albo o uwolnienie nogi i przejście. Wolno stosować tylko dźwignie dozwolone dla pasów obu partnerów.',
    },
    guidelines: {
      en: [
        'Straight ankle locks only below brown belt',
        'Heel hooks only between brown and black belts and only without the gi',
        'Apply every lock slowly and tap early when defending',
        'Clearing the knee line and passing earns the defender a point',
      ],
      pl: [
        'Poniżej brązowego pasa tylko proste dźwignie na stopę',
        'Skręty pięty tylko między brązowymi i czarnymi pasami i tylko bez gi',
        'Zakładajcie każdą dźwignię powoli i w obronie odklepujcie wcześnie',
        'Uwolnienie linii kolana i przejście daje punkt broniącemu',
      ],
    },
    roundMinutes: 3,
    rounds: 4,
    minLevel: 'advanced',
    maxLevel: 'advanced',
    kidsSuitable: false,
  },
];
