"""The general dictionary: everyday Russian ↔ English words, for a question word a bank never uses.

Data only, no logic; `lang.general_translations` reads it, and routing uses it only for a
question word that no body of the bank holds under any of its forms (`route._body`).

Why a second dictionary: the built-in one (`lexicon_data`) holds the vocabulary of memory banks,
grown from real banks. A question asked in plain words reaches past it — "who handles repair
requests" against a Russian page about `ремонт`, "salary" against `зарплата` — and on a bank
nobody has read, those everyday words are where routing loses the answer.

Where the words come from: the 3,000 most frequent Russian and the 3,000 most frequent English
word families of the general-language frequency lists of `wordfreq` (families by stem, those the
built-in dictionary already translates left out), translated without sight of any bank or
question; function words, numerals, names and words with no use in talk about a project were
skipped. Each line is one sense, `russian words | english words`, in the format of
`lexicon_data.ENTRIES`; a word with two common senses has two lines.

Why it is used so narrowly: everyday words have many senses, and a bridge for the word that
matters is also a bridge for every everyday word around it. For every question word, in headers
and bodies, it lowered the first answer on the blind questions' dev split from 58.9 to 52–54%;
only for a word no body holds, and only in the body evidence, it kept the first answer and added
answers to the top 3 (benchmarks/README.md).
"""

GENERAL = """
абсолютно совершенно | absolutely
абсолютный | absolute
абсолютный абсолютно | absolute absolutely
аванс предоплата | advance
авария | failure accident crash outage
авария крушение | crash accident
авария происшествие | accident incident
август | august
август | august aug
авиакомпания | airline
авиация | aviation
авто | auto car
авто автомобиль | auto car
автобус | bus
автомат автоматы | automaton machine
автоматически | automatically
автоматический | auto automatic
автомобиль | car automobile vehicle
автомобиль машина | vehicle car
автомобильный | automotive car
автопарк парк флот | fleet
автор | author
автор авторский | author
авторский | author authorial copyright
агентство | agency
агрессивный | aggressive
адвокат | lawyer attorney
адвокат юрист поверенный | attorney lawyer
административный | administrative
администрация | administration
администрирование управление | administration
адрес | address
азиатский | asian
академик | academician
академический учебный | academic
академия | academy
аккуратно осторожно тщательно | carefully
акр | acre
акт | act
акт | act certificate
актер | actor
актив активы | asset assets
активист | activist
актриса | actress
актуальный релевантный уместный | relevant
акула | shark
акция | promotion campaign
акция акции | share stock
акция акции | stock stocks shares
алкоголь | alcohol
алкоголь спирт | alcohol
алмаз бриллиант | diamond
альбом | album
альбомный | landscape
альянс союз | alliance
анализ | analysis
анализ анализировать | analysis analyze
анализировать проанализировать анализ | analyze analyse analysis
аналог | analog analogue equivalent
аналогичный аналогично | similar analogous
аналогия | analogy
ангел | angel
английский | english
апелляция обжаловать обжаловывать | appeal
апельсин | orange
аппарат | apparatus device machine
апрель | april
арабский | arabic arab
арена | arena
аренда арендовать | rent lease
аренда арендовать лизинг | lease rent
аренда арендовать снимать | rent lease
арест | arrest
арест арестовать | arrest
арестовать | arrest
армия | army
арсенал | arsenal
артист | artist performer
архив | archive
аспект сторона | aspect
ассортимент | range
ассоциация | association
ассоциация объединение | association
атака | attack
атака нападение атаковать | attack
атмосфера | atmosphere
атомный | atomic nuclear
атрибут | attribute
аудио звук | audio sound
аудитория | audience auditorium
аудитория зрители | audience
аукцион | auction
африканский африканец | african
аэропорт | airport
база | base database
бак | tank
бак резервуар | tank
баланс | balance
баланс остаток | balance
балл | point score
балл очко | point score
банда | gang
банковский | banking bank
бар | bar
барабан | drum
баран | ram
барьер преграда | barrier
баскетбол | basketball
бассейн | pool
бассейн | pool basin
батарея аккумулятор | battery
башня | tower
башня вышка | tower
бег | running run
бегать | run
бегун | runner
беда | trouble
бедность нищета | poverty
бедный | poor
бежать | run
бежать бегать | run
беженец | refugee
безопасный защищенный | secure safe
безумный сумасшедший | insane crazy
безумный сумасшедший | mad crazy
безусловно | certainly undoubtedly unconditionally
бейсбол | baseball
белок протеин | protein
белый | white
берег | shore coast
берег | shore coast bank
бережливый | lean
беременная | pregnant
беременность | pregnancy
беседа беседы | conversation chat talk
бесконечно бесконечный бесконечность | infinite endless infinity
бесплатный | free
бесплатный бесплатно | free
беспокоить побеспокоить | bother disturb
беспокоить побеспокоить мешать | disturb bother
беспокоиться волноваться беспокойство | worry
беспокоиться волноваться обеспокоенный | worried worry
беспокойство озабоченность | concern
беспорядок | disorder mess
беспорядок бардак | mess clutter
бетон | concrete
билет | ticket
биография предыстория | background
биологический | biological
биология | biology
биржа | exchange
бит | bit
бит биты | bit
битва | battle
битва бой сражение | battle
благо | good benefit welfare
благодарить благодарность | thank gratitude
благодарить поблагодарить спасибо | thank thanks
благодарность | gratitude thanks
благодарный | grateful thankful
благополучие благосостояние | welfare wellbeing
благословить благословлять благословение | bless blessing
благотворительность благотворительный | charity
блестящий великолепный | brilliant
ближайший | nearest closest
ближайший соседний | nearby
ближе | closer nearer
ближний | near nearest
близкий ближайший | near nearest
близкий близко | close near
близкий близко ближе | close near
близнец двойник | twin
блог блогинг | blog blogging
блок | block
блок | block unit
блюдо | dish
блюдо тарелка | dish
боб фасоль | bean
богатство | wealth
богатый | rich
богатый | rich wealthy
боевой | combat battle
боевой | production live
боец | fighter
бой | battle fight combat
бок | side flank
болезнь | disease illness
болезнь | illness disease
болезнь заболевание | disease
боль | pain
больница | hospital
больной | ill sick
больной | sick ill
больной больно | sick ill patient
больше | more
больше более | more
больше крупнее | bigger larger
больше крупнее | larger bigger
больший | greater larger bigger
большинство | majority
большинство | majority most
большинство наиболее | most
большой | big large
большой великий грандиозный | grand
большой крупный | large big
бомба | bomb
бонус премия | bonus
бороться | fight struggle
бороться борьба | combat fight
бороться борьба | fight struggle
бороться сражаться | fight fought
борт | board side
борьба | struggle fight
борьба бороться | struggle
ботинки сапоги | boots boot
боулинг | bowling
бочка | barrel
бояться | afraid fear
бояться | fear
бояться | fear afraid
брак | defect reject
брак | marriage
брат | brother
брать | take
брать взять | take
брать взять | taking take
бренд | brand
бренд марка | brand
бригада | team crew brigade
бросать бросить | throw abandon
бросить бросать | throw drop
бросить бросать | throw thrown
бросить бросать выбросить | throw
бросить бросать выбросить выбрасывать | throw threw
бросить бросать покинуть покидать заброшенный | abandon abandoned
брюки штаны | pants trousers
будильник | alarm
будущее будущий | future
буква | letter
буквально | literally
буквально буквальный | literally literal
булавка | pin
бум | boom
бумага | paper
бунт беспорядки | riot
буря шторм | storm
бутылка | bottle
бывать | happen occur
бывший | former previous ex
бывший прежний | former
бык | bull
быстрее | faster quicker
быстро | quickly fast
быстро | rapidly quickly fast
быстрый | quick fast
быстрый | rapid fast quick
быстрый быстро | fast quick
быстрый быстро | fast quick rapid
бытовой | household domestic
бюджет | budget
бюджет бюджетирование | budget budgeting
бюджетный | budget budgetary
бюро | bureau office
вагон | car wagon
важнейший жизненный | vital
важность значимость | importance significance
вакансии | careers
валовой брутто | gross
ванна | bath
ванная туалет | bathroom
вариация вариант | variation variant
варьироваться различаться меняться | vary differ
вблизи | nearby near
введение | introduction
введение вступление | introduction intro
вверх вверху | up
ввести вводить | enter input introduce
ввести вводить ввод | enter input
ввести вводить внедрить внедрять | introduce
вдвое | twice double
вдохновение | inspiration
вдохновить вдохновлять вдохновение | inspire inspiration
веб интернет | web
ведение | conducting maintenance management
ведомство | agency department
ведомый подчиненный | slave
ведущий | leading lead host
ведущий первоклассный | premier leading
везде | everywhere
век | century age
век столетие | century
великий | great
великолепно великолепный | magnificent excellent
великолепный | gorgeous
величайший наибольший | greatest
величина | value magnitude size quantity
велосипед | bike bicycle
вентилятор | fan
венчурный | venture
вера | faith belief
вера верить | faith belief trust believe
верить поверить считать | believe
вернуть вернуться возвращать | return revert
вернуть возвращать | return restore revert
вернуться возвращаться | return
верный верно | correct right true faithful
вероятно наверное | probably
вероятность вероятно | probability likelihood probably
вероятный вероятно | likely probably
вертолет | helicopter
верх | top
верх верхний вершина | top
верхний | upper top
верховный | supreme
верховный высший | supreme
вершина вершины | vertex top peak summit
вес | weight
веселье забава | fun
весить взвесить взвешивать | weigh
весна | spring
вести | conduct lead
вести | lead conduct keep
вести | lead conduct keep maintain
вести вестись | conduct lead maintain
весь целый | entire whole
ветер | wind
ветеран | veteran
ветка тред нить | thread
вечер | evening
вечер вечером | evening
вечеринка | party
вечный вечно | eternal permanent forever
вещество | substance
вещи штуки | stuff
вещь | thing item
вещь штука | thing
взаимно взаимный | mutual mutually
взаимный | mutual
взвешенный | weighted
взволнованный | excited
взгляд | view look glance opinion
взлом взломать взламывать | hack breach
взломать взламывать взлом | crack hack
взнос | contribution
взнос | dues fee
взорваться взорвать | explode
взрослый | adult
взрослый | grown adult
взрыв | blast explosion
взрыв | explosion blast
взять | take
взять брать | take
взять брать | take get
взять брать | took take
вид | species
вид | view type kind appearance
вид внешность | appearance look
видео | video
видео ролик | video
видеть | see
видеть увидеть | saw see
видеть увидеть | see
видно видный | visible evident
видный заметный | prominent
виза визы | visa
визит | visit
визуальный зрительный | visual
вина | fault blame
вина | fault guilt blame
винить обвинить обвинять вина | blame
вино | wine
виноват | guilty
виновный виноватый | guilty
винт шуруп | screw
винтовка | rifle
виртуальный | virtual
вирус | virus
висеть повесить вешать | hang
вклад | contribution
вклад | contribution deposit
включать состоять | comprise consist include
включить включать | incorporate include embed
включить включать включение | include including
вкус | taste
вкус | taste flavor
вкусный | delicious tasty
владелец | owner
владение | possession ownership
власть | power authority
власть орган | authority authorities
влияние влиять повлиять | influence
влиять повлиять | affect influence
влиять повлиять затронуть затрагивать | affect
вместе | together
вместить вмещать | fit
вмешательство | intervention
внедрение | introduction adoption
внедрить внедрять внедрение | adopt adoption
внезапно | suddenly
внезапно вдруг | suddenly
внезапный | sudden abrupt
внесение | entry introduction submission
внести вносить вклад | contribute contribution
внешний | outside external
вниз | down
вниз внизу | down below
внимание | attention
внимание | attention notice
внимательно | carefully attentively
внутренний | inner internal
внутренний отечественный | domestic
вовлеченность вовлечение | engagement
вовлечь вовлекать вовлеченность | engage engagement involve
вовлечь вовлекать участвовать | involve involved
вовремя | timely punctually
вода | water
водитель | driver
водный | water aquatic
военный | military
возврат вернуть возвращать | return
возвращаться | return
возвращение возвращать вернуть | return
возглавить возглавлять | lead head
возглавить возглавлять | led lead
воздействие | impact effect influence
воздух | air
воздушный | air aerial
возможно | maybe perhaps
возможно | possibly perhaps maybe
возможно наверное | perhaps maybe
возможность | opportunity
возможный | possible
возникать возникнуть | arise occur emerge
возникновение | occurrence emergence
возникнуть | arise
возникнуть возникать появиться появляться | emerge
возражать возразить противиться | oppose object
возраст | age
воин | warrior
воинский | military
война | war
войска | troops
войска | troops forces
войти входить | enter
войти входить | enter login
войти входить вход | enter login
вокал вокальный | vocal vocals
вокзал | station
волк | wolf
волонтер доброволец | volunteer
волосы | hair
воля | will
вор | thief
воскресенье | sunday
воспользоваться | use
воспоминание | memory recollection
воспринимать | perceive
воспроизвести воспроизводить воспроизведение | play playback
восстановить восстанавливать восстановление | recover restore recovery
восток восточный | east
восточный | eastern east
восхищенный восторженный | delighted
вперед | forward
вперед | forward ahead
вперед впереди | ahead
впечатление | impression
впечатлить впечатлять | impress
впечатляющий | impressive
впоследствии | subsequently later
впоследствии потом затем | afterwards afterward later
враг | enemy
враг противник | enemy
врач | doctor physician
врач | physician doctor
врач доктор | doctor
вращение вращать крутить | spin rotate
вред | harm damage
вред навредить вредить | harm damage
временно временный | temporary temporarily
временный | temporary temp
время | time
всегда | always
вселенная | universe
всемирный | global worldwide
всемирный мировой глобальный | worldwide global
всесторонний исчерпывающий комплексный | comprehensive
вскоре скоро | shortly soon
всплывать всплыть | pop popup
вспоминать вспомнить | remember recall
вспомнить вспоминать | recall remember
вспомнить вспоминать | remember recall
вспышка | flash
вставить вставлять | paste
встать вставать | stand rise
встретить встретиться | met meet
встретить встречать | meet encounter
встретить встречать встретиться | meet
встреча | meeting
встреча прием | appointment
встреча совещание | meeting
встречаться | occur meet
вступить вступать | enter join
вступление | introduction entry accession
вторичный второстепенный | secondary
вторник | tuesday
второй | second
вуз | university
вход | entrance entry
вчера | yesterday
выбирать выбрать | choose select
выборка семплирование | sample sampling
выборы | election
выбранный избранный | chosen selected
выбрать выбирать | choose select
выбрать выбирать | pick choose select
выбрать выбирать выбор | choose
выбросить выбрасывать | raise throw
вывести выводить | print
вывод заключение | conclusion
выглядеть | look appear
выглядеть вид | look
выгнать исключить | kick
выдать выдавать выдача | issue grant
выдача | issuance output delivery
выдающийся | distinguished
выдающийся | outstanding
выделение | allocation selection highlighting
выделенный | dedicated
выделить выделять выделение | allocate
выделить выделять выделение | highlight select
выделить выделять подсветить подсвечивать подсветка | highlight
выделять выделить | allocate highlight select
выживание | survival
выживший | survivor
выжить выживать | survive
вызвать вызывать | cause trigger
вызвать вызывать вызов | call invoke
вызвать вызывать инициировать | trigger invoke initiate
вызов | challenge
вызов вызвать вызывать | call calling
вызов вызвать вызывать | call invocation invoke challenge
вызывать вызвать | cause
вызывать вызвать вызов | call invoke
выиграть | win
выиграть победить | won win
выйти | exit
выйти выходить | exit leave quit
выйти выходить | exit quit leave
выйти выходить | quit exit
выйти выходить | release
выключить выключать | shutdown
вымысел фантастика | fiction
вынужден | forced
выполнить выполнять | execute perform run complete
выполнить выполнять исполнить исполнять | perform
выполнить выполнять совершить | accomplish achieve
выполнять выполнить выполнение | execute perform run
выпускник | graduate
выражение | expression
выразить выражать | express
вырасти расти | grow
вырезать резать | cut
выручка | proceeds revenue
высказать высказаться | express speak
высказывание | statement remark
высокий | high
высокий | high tall
высокий | tall high
высоко весьма | highly
высота | height altitude
высота рост | height
выставка | exhibition exhibit
выставка | exhibition show expo
выстрел | shot
выступать выступить | perform speak
выступать выступление | speak speaking
выступить | speak perform
выступление | performance speech talk
высший | highest higher supreme top
высший наивысший | highest top
выход выйти выходить | exit
выходные | weekend
вычислить вычислять | evaluate compute
вычислить вычислять рассчитать рассчитывать | calculate compute
выше | above
выше | above higher
выше высший | higher
выявить выявлять | identify detect
выяснить выяснять | find clarify
газ | gas
газета | newspaper
газовый | gas
гайка | nut
галактика | galaxy
галерея | gallery
галстук | tie
гарантировать гарантированный | guarantee guaranteed
гарантия гарантировать | guarantee warranty
гвоздь | nail
ген | gene
ген гены | gene
генерал | general
генеральный | general
генетика генетический | genetics genetic
гений | genius
география | geography
герой | hero
герой | hero character
герцог | duke
гигант гигантский | giant huge
гитара | guitar
глава | chapter section
глава | head chief
глава раздел | chapter section
главный | chief main
главный основной | prime primary
главный основной | principal main
главным образом | mainly chiefly
гладкий плавный | smooth
глаз | eye
глобальный | global
глубина | depth
глубокий | deep
глубокий глубоко | deep
глубоко | deeply deep
глупо глупый | stupid silly
глупый | silly
глупый тупой | dumb stupid
глупый тупой | stupid
глядеть | look
гнаться преследовать погоня | chase pursue
гнев злость | anger
говорить поговорить | speak
говорить поговорить | speak talk
говорить поговорить разговор | talk
говорить сказать | say speak talk
год | year
год годы годовой | year annual
годовой | annual yearly
годовщина юбилей | anniversary
гол | goal
голова головной | head
головной | head main
голод | starvation hunger
голодный | hungry
голос | voice
голос голосовать | vote
голос голосовать проголосовать голосование | vote
голос голосовой | voice
голосование голосовать | vote voting
голосование голосовать | voting vote
голубой | blue
голый | naked bare
гольф | golf
гонка | race
гонка гонки | race racing
гора | mount mountain
гора | mountain
гора | mountain hill
гордость | pride
гордый гордиться | proud
гореть сжечь сжигать | burn
горло | throat
горный | mountain mining
город | city
город | city town
город городок | town
городской | city urban municipal
городской | urban
горшок кастрюля | pot
горячий жаркий | hot
госпиталь | hospital
гостиница | hotel
гостиница | inn hotel
государственный | state government public
государство | state government
готовить приготовить повар | cook
готовый | ready done
готовый согласный | willing
грабить ограбить | rob
градус | degree
гражданин | citizen
гражданин граждане | citizen
гражданский | civil
гражданский | civil civilian
гражданский мирный | civilian
граница | border frontier
граница предел | bound bounds limit
грант | grant
грань | edge face facet
граф | graph
график диаграмма | plot chart
графика графический | graphics graphic
грех | sin
греческий грек | greek
грозить | threaten
громкий громко | loud
громко громкий | loud loudly
грохот хлопок | bang
грубый шероховатый | rough
грудь | breast chest
грудь | chest
груз | cargo load freight
грузовик | truck lorry
группа | band
группа группировать сгруппировать | group
группа групповой | group team
группировка | grouping group
грустно грустный | sad
грустный печальный | sad
грязный | dirty
грязь | dirt mud
губа губы | lip lips
губернатор | governor
гуманитарный | humanitarian
давать | give
давать | giving give
давать дать | give
давить | press push
давление | pressure
давно давний | long old
далекий далеко | far distant remote
далеко далекий | far
дальнейший | further subsequent
дальнейший далее | further
дальше далее | further next
дама леди | lady
дамп выгрузка | dump
данный заданный | given
дар | gift
дата | date
датировать датированный | date dated
дать | give
дать давать | gave give
дать давать | give
дать давать | give provide
дважды | twice
дверь | door
двигатель | engine motor
двигаться | move
движение | motion movement
движение | traffic
движение двигать | movement motion traffic
движение перемещение | movement
двойной | double dual
двойной удвоить удваивать | double
двор | yard
двор | yard courtyard
дворец | palace
дебаты дискуссия | debate discussion
дебют | debut
девочка | girl
девушка | girl
девушка девочка | girl
девушка подруга | girlfriend
действительно | really
действительно действительность | really actually reality
действительный | valid actual
действовать действие | act
декабрь | december
декан | dean
дела | affairs matters
делать | do make
делать сделать | make
деление | division
дело | case matter affair business
дело вопрос | matter
деловой | business
демократ | democrat
демократический | democratic
демократия | democracy
демон | demon daemon
день | day
день | day afternoon
день дневной | day daily
день дни | day
день рождения | birthday
деньги | money funds
департамент | department
депозит вклад залог | deposit
депрессия | depression
депутат | deputy
деревня село | village
дерево древесина | wood
деревянный | wooden
держатель владелец | holder owner
держать | hold
держать | hold keep
держать оставлять оставить | keep
держать удерживать | hold
десятилетие | decade
деталь детали | detail part
дети | children
дети | children kids
дети ребенок | children child kids
детский | children child kids
детство | childhood
дешевый | cheap inexpensive
деятель | figure activist
деятельность | activity operations business work
деятельность активность | activity
джем варенье | jam
джинсы | jeans
диалог | dialog dialogue
диалог | dialogue dialog
диаметр | diameter
диапазон | range
диета | diet
дизайнер конструктор | designer
дикий | wild
дилер торговец | dealer
динамик колонка | speaker
динамика | dynamics
динамика | dynamics trend
динамический динамичный | dynamic
дипломат дипломатия | diplomat diplomacy
директор | principal
директор гендиректор | ceo
директор руководитель | director
диск | disk drive
диск накопитель | drive
дискуссия | discussion
дистанция | distance
дистрибутив дистрибуция | distribution distro
дисциплина | discipline
длина | length
длина длинный | length long
длиннее дольше | longer
длинный долгий | long
длительный длительно | long lengthy prolonged
длиться продолжаться | last
дневник | diary journal log
днк | dna
добавление дополнение | addition
добиваться добиться стремиться | pursue seek
добиться добиваться | achieve
добраться | reach get
добрый | kind good
добыча | mining extraction production
добыча майнинг | mining
доверие | trust confidence
доверие доверять доверенный | trust trusted
доверять | trust
довольно | fairly quite rather
довольно | pretty quite
довольно вполне | quite
довольный | pleased glad satisfied
довольный | satisfied pleased
договор договориться | contract agreement treaty
договор соглашение | treaty
договоренность соглашение | arrangement agreement
договориться договариваться согласовать согласовывать | negotiate
дождь | rain
доза | dose
дойти доходить | reach come
доказанный проверенный | proven
доказать доказывать | prove
доказывать доказать | prove
доклад | report presentation
доклад | talk
докладчик оратор спикер | speaker
доктор | doctor
документ | paper
документальный | documentary
долг | debt duty
долг задолженность | debt
долго долгий | long
должность | position post job
должный | due
долина | valley
доллар | dollar
доля | share portion fraction
доля | stake share
дом | house
домашний | home domestic household
домашний бытовой | domestic household
доминировать преобладать | dominate
домохозяйство хозяйство | household
допустить допускать | allow permit admit
дорога | road
дорога | road way route
дорогой | expensive costly
дорогой дорого дороже | expensive costly
дорогой уважаемый | dear
доска | board
доставить доставлять | deliver
доставить доставлять доставка | deliver delivery
достать доставать | get obtain
достигать достигнуть достичь | reach achieve
достигнуть достигать | reach achieve
достигнуть достичь | reach achieve
достижение | achievement accomplishment
достижение достичь | achievement accomplishment
достичь достигать достижение | achieve accomplish reach
достичь достигать достижение | reach
достоинство достоинства | advantage merit
достойный достойно | worthy decent
достопримечательность | sight
доступный | available
доходность | yield return
дочерний потомок | child
дочка дочь | daughter
дочь | daughter
драгоценный ценный | precious
дракон | dragon
драма | drama
драматичный драматический | dramatic
древний | ancient
древний старинный | ancient
дрель сверло сверлить | drill
друг | friend
друг друзья | friend
другой | another
другой | other different
другой остальные | other
дружба | friendship
дружелюбный дружественный | friendly
думать подумать | think
думать подумать мышление | think thinking
дурак | fool
дуть | blow
дух | spirit
духовный | spiritual
душ | shower
душа | soul
дым | smoke
дыра отверстие | hole
дыхание дышать | breath breathing breathe
дьявол черт | devil
дюйм | inch
дядя | uncle
еврей | jew
еврейский | jewish
евро | euro
еда | food meal
еда блюдо | meal
еда продукты питание | food
едва | barely hardly
едва | hardly barely scarcely
единица | unit
единообразный однородный | uniform
единственный | only single sole unique
единственный | sole only single
единство | unity
единый | single unified common
ежегодный годовой | annual yearly
ежегодный ежегодно | annual yearly
ежемесячный ежемесячно | monthly
еженедельный еженедельно | weekly
езда кататься | riding ride
емкость вместимость | capacity
епископ | bishop
естественный естественно | natural
естественный естественно | natural naturally
есть съесть | eat
ехать | go drive ride
ехать водить | drive drove
ехать водить вождение | drive driving
жалеть | regret pity
жалоба | complaint
жалоба | complaint claim
жаловаться | complain
жаловаться пожаловаться | complain
жанр | genre
ждать | wait
ждать подождать | wait await
ждать подождать ожидать ожидание | wait waiting
желание | desire wish
желание желать | desire wish
желание желать пожелать | wish
желать | wish desire
железная дорога | railway railroad
железнодорожный | railroad railway
железнодорожный | railway
железный | iron
железо | hardware iron
железо железный | iron
желтый | yellow
желудок живот | stomach
жена | wife
женатый замужем | married
жениться пожениться | marry wed
женский | female
женский | female feminine
женщина | woman
женщина | woman female
женщина | woman women
жертва | victim sacrifice
жертва пожертвовать жертвовать | sacrifice
жертва пострадавший | victim
жесткий жестко | hard rigid strict
жесткий твердый | hard
жесткий трудный | tough hard
жестокий насильственный | violent
животное | animal
жидкость | fluid liquid
жидкость жидкий | liquid fluid
жизнь | life
жизнь | life lifetime
жилой | residential
жилье | housing
жир | fat
житель жители | resident inhabitant
житель резидент | resident
жить | live
жить проживание | living live
жук насекомое | bug insect
журнал | magazine journal
журналист | journalist reporter
жюри присяжные | jury
забастовка | strike
заблокировать блокировать блокировка | block
заболевание | disease illness
забор ограда | fence
забота заботиться | care
забота заботиться позаботиться уход | care
забрать забирать | take pick fetch
забывать забыть | forget
забыть забывать | forget
забыть забывать забытый | forget forgotten
заведение | establishment institution
заверить заверять уверять | assure
завершить завершать | conclude finish
завершить завершать завершение | complete completion
завещание | will testament
зависеть | depend depends
зависнуть зависать | hang freeze
зависнуть зависать зависание | freeze hang
завод | factory plant
завод | plant factory
завоевать | win conquer
завтра | tomorrow
завтрак | breakfast
заглавный прописной | capital
загрузка загрузить загружать | boot
задание | task assignment job
задание задача | job task
задание назначение | assignment task
задать задавать | set specify ask
задержать задерживать задержка | delay detain
задержка задержать задерживать отложить | delay
задний | back rear
задний тыл | rear back
задуматься задумать | think plan
заинтересован заинтересовать | interested interest
зайти заходить | enter visit
заканчивать закончить заканчиваться | finish end complete
заклинание | spell
заключаться | consist
заключение | conclusion
заключенный пленный | prisoner
заключить заключать | conclude
заключить заключать | conclude sign
закон | law act
закон право | law
законодательный | legislative
законодательство | legislation law
законопроект | bill
закончить заканчивать завершить завершать | finish
закончить заканчивать закончиться | finish end complete
закрепить закреплять | pin
закрывать закрыть закрываться | close shut
закрыть закрывать | close
закрыть закрывать | shut close
зал | hall room
зал холл | hall
залив бухта | bay
залог | deposit collateral pledge
замена | replacement substitute
замена заменить заменять | replacement replace substitute
заменить заменять замена | replace replacement
заменить заменять замена | replace replacement substitute
заместитель | deputy
заместитель | deputy substitute
заметить | spot
заметить замечать | notice
заметить замечать | notice note
заметно заметный | noticeably noticeable visible
замечание примечание | remark comment note
замечательный замечательно | remarkable wonderful
замечательный чудесный | wonderful
замечать заметить | notice
замок | castle
замок замки | castle
замок замки | lock
заморозить замораживать заморозка | freeze
занимать занять | occupy take
занимать занять | take
заниматься | engage deal study
заниматься справляться | deal handle
занятость трудоустройство | employment
занятый | taken occupied
занятый занят | busy occupied
занять занимать | occupy take borrow
занять одолжить заимствовать | borrow
запад | west
запад западный | west
западный | western
западный | western west
запас | reserve stock supply
запас склад остаток | stock
запасной резервный | spare backup
запах пахнуть | smell odor
запечатать запечатывать | seal
записать записывать | write record
записка | note memo
запись | record entry
запланировать планировать | schedule
заплатить платить | pay
заполнить заполнять заполнение | fill filling
запомнить запоминать | remember memorize
запрет запретить запрещать бан забанить | ban prohibit
запрос | inquiry request query
запустить запускать | run launch
запутать запутывать путать спутать | confuse confused
зарабатывать заработать | earn
заработать зарабатывать | earn
заработать зарабатывать заработок доход | earn earnings
заранее | beforehand
зарезервировать резервировать бронировать забронировать | reserve book
зарплата | salary wage
зарплата | wage salary
зарплата оклад | salary wage
зарубежный | foreign
заряд зарядить заряжать зарядка | charge charging
заседание | meeting session
заслуживать | deserve merit
заслуживать заслужить | deserve merit
заставить заставлять | force compel
заставить заставлять принудительный | force forced
заставлять | force
затор пробка | jam
затраты | costs expenses expenditure
захватить захватывать захват | capture seize
захватить захватывать захват | capture seize grab
захватывающий | exciting
заходить зайти | enter visit
захотеть хотеть | want
зачастую | often frequently
зачислить зачислять | credit
защита | protection defense security
защита оборона | defence defense protection
защита оборона | defense
защитить защищать | secure protect
защитить защищать | shield protect
защитник | defender
защищать защитить | defend protect
заявить заявлять | declare state announce
заявка | application request ticket
заявка претензия требование | claim
заявление | application request
заявление | statement declaration
звание | rank title
звезда | star
звезда звездочка | star
зверь | beast
звонить звонок | ring
звонить позвонить звонок | call ring
звонок звонить позвонить | call calling
звонок звонки | call ring
звук | sound
звук | sound audio
звучать | sound
здание | building
здесь тут сюда | here
здоровый | healthy
здравоохранение | healthcare
здравоохранение | healthcare health
зеленый | green
зеленый зелёный | green
земельный | land
земледелие | agriculture farming
землетрясение | earthquake
земля | earth
земля | earth land ground soil
земля | ground
земля | land earth ground
земля участок | land
зеркалировать отражать | mirror
зеркало | mirror
зима | winter
зима зимний | winter
зимний | winter
зло злой | evil
злоба | spite malice
злой сердитый | angry
злоупотребление злоупотреблять | abuse misuse
змея | snake
знак | sign
знак | sign mark symbol character
знакомство | introduction acquaintance
знакомый | familiar acquaintance
знакомый привычный | familiar
знаменитость | celebrity
знаменитый | famous
знать | knew know
знать | know
знать | know knows
значение | meaning significance
значение | value
значимость значимый | significance importance significant
значительно сильно | greatly
значительно существенно | significantly considerably
значительный значительно | significant considerable substantial
значительный существенный значимый | significant
значить | matter
значить | mean signify
золото золотой | gold
золото золотой | gold golden
золотой | golden gold
зона | zone area
зрелый созреть | mature
зрение | sight vision
зрение | vision sight
зритель | viewer
зритель | viewer spectator
зубы зуб | teeth tooth
игнорировать проигнорировать | ignore
игра | game
играть сыграть | play
играть сыграть игра | play playing
игровой | game gaming
игровой | gaming
игрок | player
игрушка | toy
идеально отлично | perfectly
идеальный идеал | ideal ideally
идеальный идеально | ideal perfect
идеальный совершенный | perfect
идея | idea
идея | idea concept
идти | go walk
идти | go walk run
идти | goes go
идти | going go
избавиться избавляться | eliminate remove
избавиться избавляться | rid
избегать избежать | avoid
избежать избегать | avoid
избиратель | voter
избирательный | electoral selective
избранное | favorites
избранное | favourites favorites
избранный избранное | favorite selected chosen
избрать избирать | elect
известие | news
известный | known famous
известный знаменитый | famous
извините извиниться | sorry apologize
извиниться извиняться | apologize apologise
извлечь извлекать | pop
изготовление | manufacturing production fabrication
изготовление создание | making
издание | edition publication
издание выпуск редакция | edition
издатель | publisher
издательство | publisher
изделие | product item
изменить изменять | alter change modify
измерить измерять измерение | measure
измотанный уставший | exhausted tired
изначально | initially originally
износ | wear
изображение | image picture
изображение картинка | image picture
изучать изучить | study learn explore
изучать изучить учеба | study
изучение изучить изучать | study learning
изучить изучать | study studied
изящество грация | grace
икона | icon
иллюстрировать проиллюстрировать | illustrate
иметь | have
иметь | have possess
иметь иметься | have
иметь имеющий | have
иммигрант | immigrant
иммиграция | immigration
император | emperor
империя | empire
имущество | property assets
имя | name
инвалидность | disability
инвестировать вкладывать вложить инвестиция | invest investment
инвестиция вложение | investment
инвестиция инвестиции | investment
инвестор | investor
индейка | turkey
индивидуальный | individual
индивидуальный отдельный | individual
инженер | engineer
инженерия разработка | engineering
инициалы | initials
инновация нововведение | innovation
иногда | sometimes
иногда изредка | occasionally sometimes
инопланетянин пришелец | alien
иностранный | foreign
иностранный внешний | foreign
инспектор | inspector
институт | institute
инструмент прибор | instrument tool
инсульт | stroke
интеллект | intelligence
интеллектуал интеллектуальный | intellectual
интенсивный сильный | intense
интервью | interview
интервью собеседование | interview
интересоваться задуматься | wonder
интернет | internet
интернет | internet web online
интерьер внутренний | interior
инфекция заражение | infection
информационный | informational information
информация инфо | info information
информация информационный | information info data
информация сведения | information
инфраструктура | infrastructure
ипотека | mortgage
искать | search look seek
искать | search seek look find
искать | seek search
искать разыскивать | seek sought
исключение | exception
исключить исключать | exclude
исключить исключать исключение | exclude exclusion
искренне | sincerely
искусственный искусственно | artificial synthetic
искусство | art
испанский | spanish
исполнитель | performer executor assignee
исполнительный | executive
исполнить исполнять | execute perform fulfill
использование | use usage
использование использовать | using use
использовать | use
использовать | use utilize
использовать использование применять применить | use usage
использовать использованный | used
использовать применять | employ use
исправить исправлять | correct fix
исправить исправлять исправление | fix
испуганный напугать пугать | scared scare frighten
испытание испытать | test trial
испытывать испытать испытание | test experience
исследование | study research
исследователь | researcher
исследовательский | research
исследовать изучить изучать | explore
исследовать изучить изучать осмотреть | examine inspect
исследовать расследовать | investigate examine
истинный верный | true
исторический | historic historical
история рассказ | story
исцеление лечить вылечить | heal healing
исчезнувший | gone
исчезнуть исчезать | disappear vanish
исчезнуть исчезать пропасть пропадать | disappear vanish
исчерпать исчерпывать | exhaust deplete
итальянский | italian
итог итого общий | total
итог итоговый | result total summary
июль | july
июнь | june
кабель провод | cable wire
кабинет | office cabinet account
кадр | frame
кадр фрейм | frame
кадры | personnel staff
каждый | every each
казаться | appear seem
казаться | seem appear
казаться показаться | seem
камень | stone
камень каменный | stone
камень скала | rock
камера | camera
камера | camera chamber
камера палата | chamber
кампания | campaign
кампус | campus
канадский канадец | canadian
капитал | capital
капитал | equity
капитан | captain
карман | pocket
карта | card
карта | map
картина | painting
картина | picture painting image
картинка изображение рисунок | picture image
картинка фото | pic picture
картофель | potato
картофель картошка | potato
карьера | career
касание коснуться касаться прикосновение | touch
касаться | concern
касаться | concern touch regard
катастрофа | disaster catastrophe crash
катастрофа бедствие | disaster
катить катиться | roll
католический католик | catholic
кафе | cafe
кафедра | department chair
качать накачать | pump
качаться качнуться | swing sway
квадрат квадратный | square
квалификация | qualification skill
квалифицированный | qualified
квалифицировать квалифицироваться | qualify
квартал | quarter
квартал | quarter block
квартира | apartment flat
квартира | flat apartment
километр | kilometer
кино | cinema movie film
кирпич | brick
кислота кислотный | acid
кисть щетка | brush
китайский | chinese
класс уровень | grade
классический | classic classical
классический классика | classic classical
класть положить | lay put
клетка | cell
клетка | cell cage
клик щелчок кликнуть щелкнуть нажать | click
климат | climate
клиника | clinic
клиника поликлиника | clinic
клинический | clinical
клип фрагмент ролик | clip
клуб | club
клясться поклясться | swear
книга | book
книжка | book booklet
кодекс | code codex
кожа | leather
кожа | skin
кожа | skin leather
колено | knee
колесо | wheel
колесо колесико | wheel
коллега | colleague coworker
коллега сверстник | peer
колледж | college
коллектив | team collective staff
коллектив | team staff
коллекция | collection
колода | deck
колокол колокольчик звонок | bell
колония | colony
колонна | column
кольцо | ring
кольцо | ring loop
командир командующий | commander
командование | command
комедия | comedy
комикс | comic comics
комиссар уполномоченный | commissioner
комитет | committee
комитет комиссия | committee
коммерческий | commercial
коммунальный | utility
коммунист | communist
комната | room
комната помещение | room
компания | company
компания | company firm
компенсация возмещение вознаграждение | compensation
комплекс | complex
комплекс | complex set suite
комплексный | comprehensive complex integrated
комплектация | picking
композиция | composition
компромисс | compromise
комфорт удобство | comfort
конвейер канал | pipe pipeline
конгресс | congress
конец | end
конец | end finish
конец окончание закончить заканчивать | end
конечно безусловно | certainly
конечный | final finite terminal
конечный итоговый | eventual final
конкретно специально | specifically
конкретный | concrete specific
конкретный | specific concrete particular
конкретный определенный специфический | specific
конкретный особый определенный | particular
конкуренция | competition
конкурировать соревноваться | compete
конкурс | contest competition
конкурс соревнование | contest competition
консервативный консерватор | conservative
константа | constant
конституционный | constitutional
конституция | constitution
конструкция | construction
конструкция | construction structure design
консультация консультировать проконсультироваться | consult consulting
контакт | contact
контакт связаться связываться | contact
контраст контрастировать | contrast
контролировать управлять контроль | control controlled
контур обводка | outline
конференция | conference
конфиденциальный | sensitive confidential
концентрация сосредоточенность | concentration
концерт | concert
кончиться кончаться | end expire
конь | horse
координата | coordinate
координировать | coordinate
копать | dig
копия | copy replica
копия копировать скопировать копирование | copy
корабль | ship vessel
корень корни | root
коридор | corridor hallway
коричневый | brown
кормить | feed
коробка | box
коробка ящик | box
коробка ящик | box boxes
корова | cow
королева | queen
королевский | royal
королевство | kingdom
король | king
корона | crown
корпоративный | corporate enterprise
корпоративный | enterprise corporate
корпорация | corporation
корпорация | corporation corp
корпорация компания | corporation company
корпус | body case housing
корпус | corps
корректировать скорректировать регулировать отрегулировать | adjust
корреспондент | correspondent
коррупция | corruption
космический | space cosmic
космос | space cosmos
кость | bone
костюм | costume
костюм | suit
костюм | suit costume
котировка смета | quote quotation estimate
коучинг наставничество | coaching mentoring
кофе | coffee
кошка кот | cat
кража | theft
край | edge border
край грань | edge
крайний крайне | extreme extremely
крайний экстремальный | extreme
кран | tap faucet
красивый | beautiful
красивый красиво | beautiful pretty nice
красивый симпатичный | pretty
краска | paint color dye
краска красить покрасить | paint
красный | red
красота | beauty
красть украсть воровать | steal
кредит | credit
кредит | credit loan
кредит заем | loan
кредитный | credit
крем сливки | cream
крепкий крепко | strong
кресло | chair armchair
крест | cross
кривая изгиб | curve
кризис | crisis
крикет | cricket
кристалл хрусталь | crystal
критик | critic
критика | criticism
критика | criticism critique
кричать крик | scream shout
кричать крикнуть крик | shout yell
кричать орать | yell shout
кровать постель | bed
кровь | blood
крошечный маленький | tiny small
круг | circle round
круг окружность | circle
круглый | round
круглый | round circular
круиз | cruise
крупнейший | biggest largest
крупнейший наибольший | largest biggest
крупный | large major big
крупный основной главный | major
крутой классный | cool
крутой круто | cool steep
крушение | crash wreck collapse
крыло | wing
крыша | roof
крыша кровля | roof
крышка колпачок | cap lid
крючок | hook
куб | cube
кубок | cup
кузен кузина | cousin
культура | culture
культурный | cultural
купить покупать | buy purchase
купить покупать покупка | buy purchase
курица цыпленок | chicken
курорт | resort
курс | course
куртка пиджак | jacket
кусок часть фрагмент | piece
кухня | kitchen
куча | heap pile
куча множество | bunch lot
лаборатория | lab laboratory
лаборатория | laboratory lab
лагерь | camp
лайк лайкнуть | like
лайк нравиться | like
латинский латиница | latin
лгать врать ложь | lie lying
лев | lion
левый | left
левый слева | left
легенда | legend
легкий | light lightweight
легкий легко | easy simple
легкий легко легче | easy light
легкий простой | easy
легко | easily
легкое | lung
легкость простота | ease
лед | ice
лед лёд | ice
лежать | lie
лезвие клинок | blade
лейтенант | lieutenant
лекарство | medicine drug
лекарство препарат | drug
лекция | lecture
лендинг | landing
лента кассета | tape
лес | forest
лес | forest wood
лес | woods
лесной | forest
лестница | ladder stairs staircase
летать | fly
летать лететь полет | fly flight
летний | summer
лето | summer
лето летом | summer
лечение | treatment
лечение | treatment therapy
лечение вылечить лекарство | cure
лечить лечение | treat treatment
лечить лечиться | treat cure
либеральный либерал | liberal
лига | league
лид | lead
лид | prospect lead
лидер | leader
лидер руководитель | leader
ликвидация | liquidation elimination
линия | line
лирика | lyrics lyric
лиса | fox
лист | sheet
лист | sheet page
лист листья | leaf
литерал | literal
литература | literature
литературный | literary
лифт подъемник | lift elevator
лицензия | license licence
лицензия лицензировать лицензирование | license licence licensing
лицо | face
лицо | person entity
личность | personality
личность | personality identity
личность идентичность | identity
личный лично | personal private
личный персональный | personal
лишний | extra redundant unnecessary
ловушка западня | trap
логика | logic
логотип | logo
лодка | boat
лодка катер | boat
ложный | false
ложь | false lie falsehood
ложь лгать | lie
лот партия | lot batch
лошадь конь | horse
луна | moon
луч | ray beam
лучше лучший | better
лучший | best better
льгота | benefits
любимый | favorite
любимый | favorite beloved
любимый избранный | favourite favorite
любимый любящий | loved loving
любитель | amateur fan enthusiast
любитель | lover enthusiast
любить | love like
любить любовь | love
любовь | love
любой | any arbitrary
любопытный | curious
люди | people
магазин | shop store
магазин | store shop
магия | magic
магия волшебный магический | magic
мажорный | major
май | may
майка | jersey
макияж косметика | makeup
максимальный максимально | maximum maximal
максимум | max maximum
максимум | maximum max
максимум максимальный | maximum max
маленький | little small
маленький | small little tiny
маленький небольшой малый | small
малый мало | small little few
малыш | baby kid
мальчик | boy
мама | mom
мама | mom mother
мама | mum mom
манера способ образ | manner way
маржа | margin
марка | brand make mark
марка | stamp
маркер | bullet
март | march
маска | mask
маска маскировать | mask
масло | butter
масло | oil
масло | oil butter
масса | mass weight bulk
масса массовый | mass
массивный огромный | massive huge
массовый | mass bulk
мастер | master
мастерская | workshop
масштаб | scale
математика | math maths mathematics
математика | mathematics math
материал | material
материал материалы | material materials
материально материальный | material financial
матовый | matte matt
матч | match
матч | match game
мать | mother
машина | car vehicle
машина | machine
машина автомобиль | car
мгновенный моментальный | instant immediate
мебель | furniture
мед | honey
медаль | medal
медведь | bear
медиа | media
медиа сми | media
медицина | medicine
медицинский | medical
медленно | slowly
медленно медленный | slow slowly
медленный медленно замедлить | slow
медсестра | nurse
международный | international
международный | international global
мелкий | small minor fine
мелодия | tune melody
мельница | mill
мемориал памятник | memorial
меньше менее | less
меньше меньший | less fewer smaller
меньше меньший | smaller
меньшинство | minority
мера | measure
мероприятие | event activity measure
мертвый | dead
местность | terrain area locality
местный | local
место сиденье | seat
место точка | spot
месторождение | deposit field
месяц | month
месяц месячный | month monthly
металл | metal
металл металлический | metal
метка ярлык этикетка | label tag
метр | meter metre
метро | metro subway
механика механик | mechanics mechanic
механический | mechanical
меч | sword
мечта | dream
мечта мечтать | dream
мечтать | dream
мешать помешать | interfere prevent hinder
милый | nice cute sweet
милый симпатичный | cute
миля | mile
мини | mini
министерство | ministry
министерство | ministry department
министр | minister
минус | minus disadvantage
минус недостаток | con drawback disadvantage
минута | minute
мир | peace
мир | world
мир мировой | world global
мирный | peaceful
мировой | world global
миска чаша | bowl
миссия | mission
миссия задача | mission
митинг | meeting rally
митинг | rally
младший | junior
младший | junior younger
младший моложе | younger
мнение | opinion
мнение | opinion view
много | lot
много многие | many multiple
многочисленный | numerous
многочисленный | numerous many
множество | set multitude plurality
множество изобилие | plenty abundance
множитель коэффициент | factor
мобильный | mobile
мобильный переносной | mobile portable
могила | grave
мод моды | mod
мода | fashion
мода | fashion trend
модерировать модерация | moderate moderation
мозг | brain
мокрый влажный | wet
молитва | prayer
молиться помолиться | pray
молл | mall
молодежь | youth
молодежь юность | youth
молодой | young
молоко | milk
молча молчать | silently silent
момент | moment point
момент мгновение | moment
монета | coin
монстр чудовище | monster
монтировать смонтировать крепление | mount mounting
моральный нравственный мораль | moral morals
море | sea
морской | marine maritime
морской | sea marine maritime
мост | bridge
мост мостик | bridge
мотив | motive motif
мотивировать мотивированный | motivate motivated
мотор двигатель | motor engine
мошенничество | fraud scam
мощность | power capacity
мощность производительность | capacity throughput
мощность сила | power
мощный | powerful
мощный сильный | powerful strong
мудрый | wise
муж | husband
мужской | male
мужчина | man male
мужчина | men man
музей | museum
музыка | music
музыкальный | musical
музыкальный мюзикл | musical
музыкант | musician
муниципальный | municipal
мусор | garbage trash rubbish junk
мусор корзина | trash garbage
мусульманин мусульманский | muslim
муха | fly
мысль | thought
мысль | thought idea
мыть помыть стирать постирать | wash
мышца | muscle
мышь | mouse
мэр | mayor
мягкий | soft
мягкий мягко | soft
мясо | meat
мяч шар | ball
наблюдать наблюдение | observe monitor watch
наблюдать понаблюдать | observe watch
набор | set kit
набор комплект | kit set
набор найм нанять нанимать | recruit recruiting hire
набор пакет | suite
набрать набирать | type dial
наверняка | certainly surely
наводнение затопить | flood
навредить вредить | hurt harm
навсегда | forever
навсегда вечно | forever
навязать навязывать наложить налагать | impose
награда вознаграждение наградить награждать | reward
награда наградить | award reward
награда наградить награждать | award
нагрузка | load workload
надежда | hope
надежда надеяться | hope
надежность надежный | reliability reliable
надеяться | hope
надеяться | hope hoping
надпись | inscription label caption
нажать нажимать | press
нажать нажимать касание коснуться | tap touch
назад | ago
назад | back backward ago
назад обратно | back
название | name title
назвать называть | name call
назначение | appointment
назначение | destination
назначение | purpose destination
назначение назначить назначать | assignment appointment
назначить назначать | appoint assign
назначить назначать | assign appoint
назначить назначать назначение | assign
наибольший | largest greatest biggest maximum
наименьший | least
найти | find
найти находить | find locate
найти находить | found find
найти находить найтись | find
найти обнаружить | locate
наказание | punishment penalty
наказать наказывать | punish
наклониться наклоняться | lean tilt
налить лить наливать | pour
наличие | presence availability existence
наличные | cash
налог | tax
налог налоги | tax taxes
налоговый | tax fiscal
намереваться собираться | intend
намерен намереваться | intend
намерение | intention intent
намерение намеренно | intention intent intentionally deliberately
нанимать нанять | employ hire
нанять нанимать | hire employ
нанять нанимать найм | hire hiring
наоборот | conversely reverse
нападающий | attacker forward
нападение | attack
нападение нападать напасть | assault attack
напасть нападать | attack
написанный письменный | written
написать писать | write
написать писать | wrote write
напоминать напомнить | remind
напомнить | remind
напомнить напоминать напоминание | remind reminder
направить направлять | refer
направить направлять | send direct
направить направлять руководить | direct
направлен | directed
направление | direction
направлять направить направляться | send direct route
напротив | opposite contrary
напряжение | voltage tension stress
напряжение нагрузка | strain stress
напряжение напряженность | tension
напрямую непосредственно прямо | directly
нарисованный | drawn
наркотик | drug
наркотики | drugs
народ | people nation
народ люди | folk folks people
народный | folk national popular
наружный уличный | outdoor outside
нарушение | violation breach
нарушение нарушать | violation breach disruption
нарушить нарушать | violate breach
наряд одежда | outfit
население | population
население популяция | population
насилие | violence
насилие | violence abuse
наслаждаться нравиться | enjoy
наследие | heritage legacy
насос | pump
настоять настаивать | insist
настоящий | real genuine present current
настроение | mood
настроить настраивать | tune
наступить наступать | come occur
наступление | offensive onset
насыщенный | rich
нативный | native
наука | science
научить учить | teach
научиться учиться | learn
научный | scientific
научный | scientific academic research
находиться | located reside
находиться расположенный | located
находящийся | located
нацелить нацеливать целиться | aim target
национальный | national
национальный государственный | national
нация народ | nation
нация нации | nation
начало | beginning start
начало начать начинать | start beginning begin
начальник | boss chief head manager
начальник босс руководитель | boss chief
начальник руководитель | superior boss
начальник шеф | chief boss
начальный | initial starting primary
начальный исходный первоначальный | initial
начать начинать | began begin
начать начинать | begin begun
начать начинать | start begin
начать начинать начало | begin beginning start
начаться начать | start begin
начинать начать | start begin
небеса рай | heaven
небо | sky
небольшой | small minor
невероятно | incredibly
невероятный | incredible unbelievable
невероятный невероятно | incredible
невиновный невинный | innocent
невозможный невозможно | impossible
негативно негативный | negative negatively
недавний недавно | recent recently
недавний последний | recent
недавно | lately recently
недавно | recently
недавно вновь заново | newly recently
недалеко | near nearby
неделя | week
неделя недельный | week weekly
недопустимый | illegal invalid
недостаток недостатки | disadvantage drawback shortcoming deficiency
недостаточно недостаточный | insufficient insufficiently
недоступный | down offline
независимо | regardless
независимость | independence
независимость независимый независимо | independence independent
независимый | independent
незаконно незаконный | illegal unlawful illegally
незаконный нелегальный | illegal unlawful
незнакомец | stranger
незначительный второстепенный минорный | minor
неизвестный | unknown
неизвестный неизвестно | unknown
неисправность сбой | fault failure
нелепый смешной | ridiculous
неловкий смущающий | embarrassing awkward
немедленно | immediately
немедленно сразу | immediately
немедленный непосредственный | immediate instant
немецкий | german
немного | little
немного кусочек | bit
ненавидеть | hate
ненавидеть ненависть | hate
необходимый нужный | necessary required needed
необходимый существенный важнейший | essential
необычайный чрезвычайный | extraordinary
необычный необычно | unusual
необычный необычно | unusual unusually
неоднократно | repeatedly
неожиданный неожиданно | unexpected unexpectedly
неплохой неплохо | decent good
непогашенный неоплаченный | outstanding unpaid
непосредственно непосредственный | directly immediately
неправильно неправильный | wrong incorrect incorrectly
неправильный неверный ошибочный | wrong incorrect
неприятности | trouble
неприятный неприятно | unpleasant
нерв | nerve
нервный | nervous
нередко | often frequently
несколько немного | few
несовершеннолетний | minor
неспособный | unable incapable
нести | carry bear
нести носить перевозить | carry
нести носить переносить перенести | carry
неудача | failure
неудачный | failed
нефть | oil
нефть | oil petroleum
нефтяной | oil petroleum
нехватка отсутствие недостаток | lack
нечетный | odd
ниже | below
ниже | below lower
нижний | lower
нижний | lower bottom
низ дно нижний | bottom
низкий | low
низший наименьший | lowest minimum
ник | nickname nick
ник никнейм | nick nickname
никогда | never
новость новости | news
новый новаторский | novel new
нога | foot feet
нога | leg
нога | leg foot
нога ступня | foot
ноготь | nail fingernail
нож | knife
ноль нуль нулевой | zero
номер | number
норма | norm standard rate
нормальный нормально | normal fine
нормальный нормально | normal normally
нос | nose
носитель | media medium
носитель | medium carrier
носить | wear carry
носить надеть | wear
ночной | night nightly
ночь | night
ночь ночной | night nightly
ноябрь | november
ноябрь | november nov
нравиться понравиться | like
нужда нужды | need needs
нуждаться | need require
нужный | necessary needed required
нынешний | current present
обаяние очарование | charm
обвинение | accusation charge
обвинить обвинять обвиняемый | accuse accused
обед | lunch
обернуть оборачивать завернуть | wrap
обеспечение обеспечить обеспечивать | provision ensure support supply
обеспечивать | provide ensure
обеспечить обеспечивать | provide ensure
обеспечить обеспечивать гарантировать | ensure guarantee
обещание | promise
обещание обещать пообещать | promise
обещать | promise
обладать | possess have
обладать владеть | possess own have
облако | cloud
облако облачный | cloud
областной | regional
область | area region domain scope
область район зона | area
облегчение | relief
облигация | bond
обложка | cover
обман обманывать жульничать | cheat cheating
обмен обменять | exchange
обмен обменять обменивать | exchange
обнять обнимать | embrace hug
обнять обнимать объятие | hug
обожать | adore love
обойти обходить | bypass traverse circumvent
оболочка | shell
оборона | defense defence
оборонительный защитный | defensive
оборот | revolution rotation
оборот обороты | turnover circulation revolution
оборудование | equipment hardware
оборудование снаряжение | equipment hardware
оборудованный оснастить оснащать | equip equipped
обработка обращение | treatment
образ | image
образец | sample example pattern
образец | sample pattern template specimen
образец пример | sample example
образование | education training
образование обучение | education
образованный | educated
образовательный | educational
образовательный учебный | educational
обратиться обращаться | contact apply address
обратный | reverse inverse
обратный обратно | reverse inverse back
обращаться обратиться | contact refer address
обращаться относиться | treat
обращение | request appeal reference
обращение призыв | appeal
обрезать | strip trim
обрезать кадрировать | crop
обрезать обрезка | clip trim crop
обслуживать обслужить обслуживание | serve serving
обстановка | situation environment setting
обстоятельства | circumstances
обстоятельство обстоятельства | circumstance circumstances
обсудить | discuss
обсудить обсуждать обсуждение | discuss discussion
обсуждать обсудить | discuss
обсуждение | discussion
обсуждение дискуссия | discussion
обувь | shoes footwear
обувь туфли ботинки | shoe shoes
обучение обучать | training learning teaching education
обучение обучить обучать тренировка | training train
обучить обучать | educate teach train
обширный | extensive broad
обширный огромный | vast huge
общаться | communicate
общаться связываться | communicate
общение | communication
общественный | public social
общество | society
общество | society community
общий суммарный | overall total
община | community
объединение объединить объединять | merge union unite
объединить объединять | combine merge unite
объединить объединять комбинировать совместный | combine combined merge
объединить объединять соединение | join
объект сооружение | facility
объективный | objective
объем | volume
объем | volume size amount
объявить объявлять | announce declare
объявить объявлять анонсировать | announce
объявить объявлять заявить заявлять | declare announce
объявление анонс | announcement
объявление объявить | announcement declaration advertisement
обычно обычный | usually usual
обычно часто | commonly usually
обычный | ordinary usual regular
обычный | usual ordinary regular normal
обязан | obliged required
обязанность | duty responsibility
обязанность долг | duty obligation
обязательно необходимо | necessarily
обязательный | binding mandatory
обязательство | commitment obligation
обязательство обязанность | obligation duty
обязательство обязательства | obligation commitment liability
овощ | vegetable
огонь | fire
огонь пожар | fire
ограничение | restriction limitation constraint
ограничение лимит | cap limit
ограниченный | bounded limited
ограничить ограничивать ограничен | limit restrict
ограничить ограничивать ограниченный | restrict limit
огромный | huge
огромный | huge enormous
одежда | clothes clothing
одежда | clothing clothes
один единственный одиночный | single
один одинокий | alone
одинаково одинаковый | identical same equally
одинаковый | same identical
однажды | once
одноранговый пир | peer
одолжение | favour favor
одолжение услуга | favor favour
ожидать | expect wait await
ожидать ожидаемый | expect expected
озаглавленный | entitled titled
озеро | lake
означать | meant mean
озу | ram
оказаться | prove appear
оказаться оказываться | turn prove
оказывать оказать | provide render
океан | ocean
окончание окончить | end completion ending
окончательно | ultimately finally
окончательный конечный | ultimate final
окончательный окончательно | final
окончить оканчивать выпуститься | graduate
округ | district county
округ графство | county
округлить округлять | round
окружающий | surrounding ambient
окружающий окружить окружать | surround surrounding
окружение | surroundings environment
октябрь | october
октябрь | october oct
олимпийский | olympic
онлайн | online
ооо | ltd llc
опасность | danger hazard
опасность опасно | danger risk hazard
опасный | dangerous hazardous
опекун | guardian
оперативно оперативный | promptly prompt operational
оператор | carrier operator
оператор инструкция | statement
операционный | operating
оппозиция | opposition
оппозиция противодействие | opposition
оппонент противник | opponent
оправдание отговорка | excuse
оправдывать обосновывать | warrant justify
опрашивать опросить | poll polling
определенно точно | definitely
определенный некоторый | certain
определить определять | determine
определить определять идентифицировать опознать | identify
опрос голосование | poll survey
опрос опросить | survey poll questionnaire
опубликовать публиковать | publish
опубликовать публиковать публикация | publish publishing
опыт | experience
опытный | experienced skilled
оранжевый | orange
орган | authority body
орган | organ
орган | organ body authority
организатор | organizer
организация | organisation organization
организм | organism body
организовать организовывать | organize arrange
организовать организовывать организованный | organize organise
организовать организовывать устроить | arrange organize
органический | organic
ордер | warrant
орел | eagle
орех | nut
оригинал оригинальный исходный | original
оригинальный | original
ориентировочный | estimated
оркестр | orchestra
орудие | tool instrument
оружие | weapon
оружие вооружение | arms
орфография правописание | spelling
осведомленность осознание | awareness
осведомленный | aware informed
освободить освобождать | release free liberate
освобождение освободить освобождать | release free
освоить осваивать | master
осень | autumn fall
осень | fall autumn
оскорбительный | offensive
оскорбление насилие | abuse
оскорбление оскорбить оскорблять | insult
осмотр проверка | examination inspection
основа | stem
основа основание базис | basis base foundation
основание | grounds ground
основатель учредитель | founder
основать основывать основание | found founding
основать учредить | establish found
основы | fundamentals basics
особенно | especially
особенно | particularly
особенность | feature peculiarity characteristic
особый | special particular
осознать осознавать понять | realise realize understand
оспорить оспаривать | contest dispute
оспорить оспаривать | dispute challenge contest
оставаться | remain stay
оставаться остаться | remain stay
оставить оставлять | leave keep
оставлять оставить | leave keep
оставшийся | left remaining
оставшийся остаток | remaining remainder
остальной | rest remaining other
остаток остальное | rest
остаток остатки | remainder rest residue balance
остаться оставаться | remain stay
остаться оставаться | stay remain
осторожно осторожность осторожный | carefully caution careful
осторожный внимательный | careful
остров | island
острый | sharp acute
острый резкий | sharp
осужденный осудить | convict convicted
осуществление | implementation execution realization
осуществлять осуществить | implement perform execute
отбор | selection filtering
ответ ответить отвечать | reply answer response
ответить отвечать | respond reply answer
ответственность обязанность | responsibility
ответственность ответственный | responsibility liability responsible
ответственный | responsible
отвечать ответить | answer reply respond
отвратительный | disgusting
отвратительный | gross disgusting
отдать отдавать | give return
отдел | department division
отдел департамент подразделение | department
отдел подразделение | division
отделение | department branch division
отдельно порознь | apart separately
отдельный отдельно | separate individual distinct
отдельный раздельный | separate
отдохнуть | rest relax
отдых | rest leisure vacation
отдых отдыхать | rest
отдых отдыхать | rest vacation
отель | hotel
отель гостиница | hotel
отец | father
отечественный | domestic
отзыв отзывы | review feedback testimonial
отзыв отозвать | recall
отказать отказывать запретить | deny
отказать отказывать запретить запрещать | deny
отказать отказывать отказаться отказываться отказ | refuse reject decline
отклонить отклонять | decline reject
отклонить отклонять | dismiss reject
отклонить отклонять отвергнуть отвергать | reject decline
откровенный | frank candid
открывать открыть | open
открытие | opening discovery
открытый открыто | open public
открыть открывать | open
открыть открывать открытие открытый | open opening
отличаться | differ
отличаться различаться | differ
отличие отличаться | difference distinction
отличный великий | great
отличный отлично | excellent great
отличный превосходный | excellent
отменить отменять отмена | cancel abort
отменить отменять отмена | cancel undo revoke
отметить отмечать | note mark
отметить отмечать | note notice
отметить отмечать метка отметка | mark
отметить отмечать отмечен | mark note
отмечать | note mark celebrate
относительно касательно | regarding
относительно сравнительно | relatively
относительный | relative
относительный относительно | relative relatively
относиться | relate belong
отношение | attitude
отопление | heating
отправить отправлять подать подавать | submit send
отправленный отправить | sent send
отпуск | leave vacation
отпуск | vacation leave
отпуск каникулы | holiday vacation
отпуск каникулы | vacation holiday
отпустить отпускать | release
отражать отразить | reflect
отрасль | industry sector branch
отрасль промышленность индустрия | industry
отрисовка отрисовать отрисовывать рендеринг | render rendering
отрицательный негативный | negative
отрицать | deny
отрывок фрагмент | passage excerpt
отряд команда | squad team
отслеживать отследить отслеживание | track tracking
отсрочка | grace
отставка | resignation
отстаивать | advocate champion
отсутствие | absence lack
отсутствие отсутствовать | absence lack missing
отсутствующий недостающий | missing
оттенок | shade tint hue
отходы | waste
офис | office
офицер | officer
официальный официально | official
официальный официально | official officially
охват | reach
охладить охлаждать | chill cool
охлаждение охладить охлаждать | cooling cool
охота | hunting
охота охотиться | hunt hunting
охотник | hunter
охрана | security
охрана | security protection guard
охранник | guard
оценивать оценить | estimate evaluate assess rate
оценить оценивать | assess evaluate
оценить оценивать | evaluate assess
оценить оценивать оценка | evaluate assess estimate rate
оценка | grade
оценка | mark grade
оценка оценивание | assessment evaluation
оценка оценить оценивать | estimate estimation
очевидный | obvious evident
очевидный очевидно | obvious evident
очередь ход | turn
очистить очищать очистка | clear
очки | glasses
очки очко | points score
ошибка | mistake error
ошибка баг | bug
ошибка ошибки | error mistake bug
ощущение | feeling sensation
падать | fall drop crash
падать упасть падение | fall
падение | fall drop crash
падение снижение | drop decline
палата | chamber ward
палата | ward
палец пальцы | finger
палка палочка | stick
палуба | deck
пальто | coat
памятник | monument
память | memory storage
панель полоса | bar
панорамировать | pan
папа | dad daddy
папа | dad father
папа отец | dad
пар | steam
пара | couple
пара | pair couple
парень | boyfriend
парень | guy boy
парк | park
парковка стоянка | parking
парламент | parliament
партия | batch lot
партия | party
партнер | partner
партнер партнерский | affiliate partner
партнер сотрудник | associate
партнерство | partnership
парус | sail
паспорт | passport
пассажир | passenger
патент | patent
патч заплатка | patch
паук | spider
пациент | patient
певец певица | singer
педагог | teacher educator
педагогический | pedagogical teaching
пейзаж ландшафт | landscape
пенсионер | retired retiree
пенсионный | pension
пенсия | pension
пенсия отставка | retirement
первенство | championship primacy
первоначально первоначальный | initially initial original
перевернуть переворачивать | flip
перевернуть переворачивать обратить | reverse invert
перевести переводить перевод | translate translation
перевод перевести переводить | transfer
перевозчик | carrier
переворот | coup flip upheaval
переговоры | negotiation negotiations
переговоры | negotiations talks
перегрузить перегружать | overwhelm overload
передать передавать | hand
передать передавать | pass
передать передавать | pass transfer transmit send
передать передавать передача | transfer
передача | transmission transfer
передний | front
передний перед | front
переезд переехать | move relocate
переехать переезжать | move relocate
переживать пережить | worry experience
пережить | survive outlive
перейти переход | jump
перейти переходить | switch move migrate navigate
перемены перемена | change changes
переместить перемещать перемещение перенести переносить | move
перемещать перемещение | moving move
перенос | wrap wrapping
перенос переносить перенести | transfer move wrap
перерыв | break
переслать пересылать перенаправить | forward
перестать переставать | stop cease
перехватить перехватывать | catch intercept
период | period term interval
период срок | period
перо | pen feather
персонаж | character
персонал | staff personnel
персонал кадры сотрудники | personnel staff
персонал штат сотрудники | staff
перспектива | perspective
перспектива | perspective prospect outlook
перспектива | prospect outlook
песня | song
песок | sand
петиция прошение | petition
петь спеть пение | sing singing
печать | printing print seal stamp
печать | seal stamp
печать печатать | print printing
печать печатать напечатать | print printing
печенье | cookie biscuit
пешеход | walker pedestrian
пиво | beer
пик | peak
пик вершина пиковый | peak
пилот | pilot
пилотный экспериментальный | pilot
писатель | writer author
писатель автор | writer
писать | write
пистолет оружие | gun
письмо | letter
питание | nutrition food
питание | power
питание | power supply
питомец | pet
пить напиток | drink
пицца | pizza
пища | food
плавание плавать | swimming swim
плавающий | floating float
плакат постер | poster
плакать | cry
пламя | flame fire
план структура набросок | outline
планета | planet
планировать | plan
пластик пластиковый | plastic
пластина | plate
плата сбор | charge fee
плата сбор комиссия | fee charge commission
платить заплатить плата | pay payment fee
платный оплаченный | paid
платформа | platform
платье | dress
племя | tribe
плен | captivity
плечо | shoulder
плоский | flat
плохо | badly poorly
плохой | bad
плохой | poor
плохой плохо | bad poor
площадка | platform site ground
площадка | venue
площадка объект | site
площадь | area square
площадь | square plaza
плюс | plus
плюс | plus advantage
плюсы | pros
пляж | beach
побег сбежать убежать | escape
победа | victory win
победа победить побеждать выиграть выигрывать | win
победитель | winner
победить обыграть | beat
победить побеждать | defeat beat
побережье | coast
побережье берег | coast shore
побывать | visit
повар шеф | chef cook
поверить верить | believe trust
повернуть поворачивать поворот | turn
повествование нарратив | narrative
повестка | agenda
повод | reason occasion cause
поворот | turn rotation
поворот | twist turn
повреждение повредить | damage corruption
повреждение порча | corruption damage
повседневный | casual everyday
повседневный ежедневный | everyday daily
повстанец бунтарь мятежник | rebel
повторить повторять повтор | repeat
повысить повышать | promote upgrade
повысить повышать усилить усиливать | boost increase enhance
повышать повысить повышаться | increase raise improve
повышение | promotion
повышение повысить | increase raise promotion upgrade
погибнуть | die perish
поговорить говорить | talk speak
погода | weather
подавляющий | overwhelming
подарить дарить | give gift
подарок | gift
подарок | gift present
подарок | present gift
подать подавать | file submit
подать подавать подача | submit file
подача | submission filing feed supply
подверженность воздействие | exposure
подводный | underwater submarine
подготовить готовить подготовка | prepare preparation
подготовить подготовиться | prepare
подготовка | preparation
подготовка подготовить | preparation training
поддержать поддерживать | support
поддержать поддерживать | sustain maintain
поддержать поддерживать поддержка | back support backing
поддерживать обслуживать сопровождать | maintain
поделиться делиться | share
подключить подключать подключение соединить соединение | connect connection
подлинный настоящий | genuine authentic
поднять поднимать | lift raise
поднять поднимать повышение | raise
подняться подниматься взобраться лезть | climb
подняться подниматься расти | rise
подобный | similar such like
подозреваемый | suspect
подозреваемый подозревать заподозрить | suspect
подозрение | suspicion
подписать подписывать подпись | sign signature
подписаться подписываться | follow
подписчик последователь | follower
подпись | signature caption
подпись сигнатура | signature
подразделение | unit division subdivision
подросток | teen teenager
подросток | teenager teen
подросток подростки | teenager adolescent
подряд | consecutively
подряд | contract
подрядчик | contractor
подсказка | suggestion hint tip
подсказка ключ | clue hint
подтвердить подтверждать | acknowledge confirm
подтверждать подтвердить | confirm verify
подумать думать | think
подходить подойти | fit suit
подходящий пригодный | suitable appropriate
подходящий соответствующий уместный | appropriate suitable
подчеркнуть подчеркивать | stress emphasize
поезд | train
поездка | trip
поездка ехать | ride
поездка путешествие | trip
пожар | fire
пожарный | fire firefighter
пожертвование | donation
пожертвовать жертвовать | donate
пожизненный | lifetime lifelong
пожилой | aged elderly
позволить позволять | afford
позволить позволять | allow enable permit
позволить позволять разрешить | let allow
позволять | allow enable permit
позвонить | call
поздний поздно | late
поздний поздно | late later
поздравление поздравить поздравлять | congratulations congratulate
поздравлять | congratulate
позже | later
позже позднее | later
позиция | position item
поймать ловить | catch
поймать ловить перехватить перехватывать | catch
пойти | go
пойти идти | went go
показ | impression
показание | reading testimony
показатель | indicator metric index rate
показать показывать | show display
показать показывать показ | show display
показаться казаться | seem appear
показывать | show display
покинуть покидать | leave
покинуть покидать | leave exit quit
покинуть покидать уйти уходить | leave
поклон | bow
поклонение поклоняться | worship
покой | rest calm
поколение | generation
покрытие | coating
покрыть покрывать покрытие | cover coverage
покупать купить | buy purchase
покупка | purchase
покупка купить покупать закупка | purchase
покупки шопинг | shopping
пол | floor
пол | sex gender
пол гендер | gender sex
полагать | suppose believe assume
полагаться положиться | rely depend
поле | box field
поле отступ | margin
полезный | helpful useful
полезный | useful helpful
полезный полезно | useful helpful
полет | flight
полет рейс | flight
полировать отполировать шлифовать | polish refine
политик | politician
политика | politics
политический | political
полицейский | police policeman
полиция | police
полка | shelf
полковник | colonel
полномочия | authority
полномочия | authority permissions powers
полностью | fully completely
полностью | fully completely entirely
полностью совершенно | totally
полностью совсем | completely
полностью целиком | entirely completely
полный | complete
полный | full
полный | full complete total
половина | half
положение | position state
положение | provision regulation
положение условие | provision clause
положительный позитивный | positive
положительный положительно | positive
положить класть | lay put
положить класть | put place
положить класть поставить ставить | put
полоса | stripe band bar
полоса диапазон | band
полоса дорожка | lane
полоса полоска | strip
получить получать | get getting
получить получать | get gotten obtain
получить получать | obtain get acquire
получить приобрести приобретать | gain obtain
польза | benefit use
польза преимущество выгода | benefit
пользовательский настраиваемый кастомный | custom
пользоваться | use
пользоваться воспользоваться | use
полюс | pole
помешать мешать | prevent hinder interfere
помещение | room premises
помнить | remember
помнить запомнить вспомнить | remember
помогать помочь | help assist
помогать помочь содействовать | assist help
помолвка | engagement
помочь | help
помочь помогать | help
помочь помогать | help assist
помощник | assistant helper
помощник ассистент | assistant helper
помощь | help assistance support
помощь помогать | aid help assistance
помощь содействие | assistance help support
понадобиться | need require
понедельник | monday
понизить понижать снизить снижать | lower reduce
понимание инсайт | insight
понимание понимать | understanding
понимание понимать | understanding understand
понимать понять | understand
понравиться | like
понятный ясный | clear
понять осознать осознавать | realize
понять понимать | understand
пообещать обещать | promise
поощрять поощрить побуждать побудить | encourage
попадание | hit
попадать попасть | hit reach get
попасть попадать | get reach hit
попасть попадать | hit reach
поправка | amendment correction
поправка изменение | amendment
попробовать пробовать | try
попробовать пробовать | try attempt
попросить | ask request
популярность популярный | popularity popular
популярный | popular
попытаться пытаться попытка | try attempt
попытка | attempt try
попытка пытаться попытаться | attempt try
поражение | defeat
поражение | defeat loss
порок | vice
порошок | powder
порт | port
портал | portal
портрет | portrait
поручение | assignment instruction order
поручить поручать | assign entrust
порядок | order sequence procedure
посадка посадочный | landing boarding
посвященный посвящен | dedicated devoted
поселение | settlement
поселиться поселяться | settle
посетитель | visitor
посетить посещать | visit
посетить посещать визит посещение | visit
посетить посещать присутствовать | attend
посещать посетить | visit attend
поскользнуться скользить | slip
послать посылать | send
после полудня | afternoon
последний | last
последний | last latest final recent
последний | latter last
последний новейший | latest
последовательный согласованный | consistent
последовать следовать | follow
последующий | subsequent
последующий | subsequent following
послужить служить | serve
посмотреть | look see view
посмотреть смотреть | look watch view
пособие | allowance benefit
пособие | manual guide
посол | ambassador
поставить ставить | put set place
поставить ставить | put set place install
поставка снабжение поставлять | supply
постановка | formulation statement setting staging
постановление | resolution decree regulation
постановление решение | ruling
постараться стараться | try
постепенно | gradually
постоянно | constantly continuously
постоянный | constant permanent
пострадать пострадавший | affected suffer
построение построить | construction building build
построить | build construct
построить собрать | built build
построить строить конструировать сконструировать | construct build
постройка | building construction
поступать поступить | arrive come
поступить поступать | arrive enter come
поступление | receipt arrival income
потенциал | potential
потенциальный потенциал | potential
потеря | loss
потеря убыток | loss
потерянный утерянный | lost
потерять терять | lose
поток | thread
потраченный | spent
потребитель | consumer
потребление | consumption usage
потребление расход | consumption usage
потреблять потребить | consume
потребность | need requirement demand
потребовать требовать | require demand
потребоваться требоваться | require need
потрясающий | stunning amazing
потрясающий классный | awesome
поход | hike trip campaign
похожий | similar alike
похожий подобный аналогичный | similar
похоронить хоронить закопать | bury buried
похороны | funeral
поцелуй целовать поцеловать | kiss
почва | soil ground
почва грунт | soil
почта почтовый | mail email post
почти | almost nearly
почти | nearly almost
почувствовать | feel
пошлина | duty tariff
поэзия стихи | poetry
поэт | poet
появиться появляться | appear
появиться появляться | appear emerge
появление | appearance
появление появиться | appearance emergence
появляться | appear
пояс | zone belt
правда | truth true
правило правила | rule
правильный корректный верный | correct right proper
правильный надлежащий | proper correct
правильный правильно | correct right proper
правительство | government
править управлять | rule govern
правление | board government
правовой | legal
правонарушение | offense offence
праздник | holiday
праздник | holiday celebration
празднование торжество | celebration
праздновать отпраздновать отмечать | celebrate
практика | practice
практика практиковать | practice
практически фактически | virtually practically
практический практически | practical practically
практический практичный практически | practical practically
пребывание | stay
превосходный | superior
превратить превращать | turn convert transform
превращаться превращать | turn transform convert
превышать превысить | exceed
преданный посвятить посвящать | dedicate devoted
предварительный предварительно | preliminary preview
предел пределы | limit bounds
предлагать | offer suggest propose
предложение | sentence
предложение | suggestion proposal
предложение | supply
предложение предложить предлагать | offer
предложить предлагать | offer propose suggest
предложить предлагать предложение | propose suggest proposal
предмет | subject object item
предназначенный | intended
предоставить предоставлять | provide grant
предоставить предоставлять выдать | grant
предоставить предоставлять обеспечить обеспечивать | provide
предоставление | provision provisioning granting
предоставление обеспечение | provision supply
предотвратить предотвращать | prevent
предполагаемый | alleged
предполагать предположить | assume suppose expect
предполагать предположить | suppose
предположить предполагать | assume
предположить предполагать | assume suppose guess
предпочитать | prefer
предпочитать благоприятствовать | favor
предпочитать предпочесть | prefer
предприниматель | entrepreneur businessman
предприятие | enterprise company
предприятие | enterprise company business
предприятие | venture enterprise
председатель | chairman chair
председатель председательствовать | chair chairman
предсказать предсказывать прогнозировать | predict forecast
представитель | rep representative
представитель | representative
представитель | representative agent
представительный репрезентативный | representative
представить | present
представить | present introduce submit
представить представлять | introduce
представить представлять вообразить | imagine
представить представлять презентовать | present
представление | representation view
представление | representation view presentation
представлять | imagine
представлять представить | represent
представлять представить | represent present introduce
предстоящий | upcoming coming
предстоящий грядущий | upcoming
предупредить предупреждать | warn notify
предупреждение | warning alert
предупреждение предупредить предупреждать | warning warn alert
предыдущий предшествующий | prior previous
прежний | former previous
презентация | presentation
презентация питч | pitch presentation
презентация представление | presentation
президент | president
президентский | presidential
преимущественно | largely mainly mostly
преимущественно | mostly mainly
преимущественно | predominantly mainly mostly
преимущественно | primarily mainly mostly
преимущество | advantage benefit
прекрасный | beautiful excellent fine
прекрасный милый | lovely
прекратить прекращать | stop cease terminate
прекращение прекратить | termination cessation stop
премиум премиальный | premium
премия | bonus prize award
премия взнос | premium
премьера | premiere
преобразовать преобразовывать трансформировать | transform convert
преодолеть преодолевать | overcome
препарат | drug preparation
преподаватель | teacher instructor
препятствие | obstacle barrier
пресса | press
пресса | press media
преступление | crime
преступник | criminal
преступник преступный уголовный | criminal
преуспеть преуспевать | succeed
прибегать прибегнуть | resort
приблизительно примерно | approximately roughly
приблизительный примерный черновой | rough approximate
прибор | device instrument appliance
прибыль | profit
прибыль доход | profit
прибыть | arrive
прибыть прибывать приход | arrive arrival
привезти | bring deliver
приверженность | commitment dedication
привести приводить | lead bring cause
привести приводить | lead bring result
привести приводить приведение | cast
приветствие приветствовать | welcome
привилегия | privilege permission
привлекательный | attractive
привлекать привлечь | attract engage
привлечь привлекать | attract
приводить | lead bring cause
привычка | habit
привязанный связанный | tied bound
привязать привязывать | tie bind
привязка | snap
привязка привязать привязывать | binding bind
пригласить приглашать | invite
пригласить приглашать приглашение | invite invitation
приглашать пригласить | invite
приглашение | invitation invite
приговор | judgment verdict
приговор | sentence verdict
приговор приговорить | sentence
пригодность | fitness suitability
приготовить готовить | prepare cook
придерживаться держаться | stick adhere
придумать придумывать | invent devise
приезжать приехать | arrive come
прием | reception receipt intake
прием приём | reception receipt
приемы | technique trick
приехать приезжать | arrive come
приз | prize
приз награда | prize award
призвать призывать | call urge
признак | sign feature attribute
признание | recognition
признание признать | recognition acknowledgment
признать признавать | acknowledge admit
признать признавать | admit
признать признавать | admit recognize acknowledge
признать признавать | recognise recognize
признать признавать | recognize acknowledge
призрак | ghost
призыв | appeal call
призывать призвать | call urge
прийти | come arrive
прийти приходить | came come
прийти приходить | come
прийти приходить | come arrive
приказ | order command
приказать приказывать | order command
приключение | adventure
прикрепить прикреплять приложить прикладывать вложение | attach attachment
прилавок стойка | counter
приличный достойный | decent
примерно приблизительно | roughly approximately
принадлежать | belong
принадлежать относиться | belong
принести | brought bring
принести приносить | bring
принимать | accept receive take
приносить принести | bring
принуждение | enforcement
принц | prince
принц князь | prince
принцесса | princess
принять принимать | accept adopt receive take
принять принимать | accept receive take
принять принимать | embrace adopt
приобрести приобретать | acquire purchase buy
приобрести приобретать приобретение | acquire acquisition
приобретение поглощение | acquisition
приостановить приостанавливать | suspend pause
приписывать приписать | attribute
природа | nature
природный | natural
прирост выигрыш | gain
присваивание | assignment
присвоить присваивать присваивание | assign
присоединиться присоединяться | join connect attach
присоединиться присоединяться вступить | join
приступить приступать | start proceed
присутствие наличие | presence
присутствие присутствовать | presence
присутствовать | attend present
притворяться притвориться | pretend
приходить | come arrive
прицеп трейлер | trailer
причудливый модный | fancy
приятель друг | buddy friend
приятный | pleasant nice
проба пробы | sample probe test
проблема | problem issue trouble
проблема неприятность | trouble problem
пробный испытание | trial
проведение | conduct holding
провести | conduct
провести | conduct hold spend
провести проводить | conduct
провести проводить | conduct hold run
провинция | province
провод | wire cable
проводить провести | conduct hold carry
проводить провести | held hold
прогноз | forecast prediction
программа | program
программа | programme program
программа программный | program software application
программирование программировать | programming program
программное обеспечение софт | software
прогрев прогреть прогревать | warming warm
прогресс | progress
прогресс продвижение | progress
прогрессивный | progressive
продавать продать | sell
продажа продажи | sale sales
продажа продажи | sale sales selling
проданный продать | sold sell
продать продавать | sell
продать продавать продажа | sell selling
продвигать продвинуть продвижение | promote promotion
продвижение | promotion advancement
продвижение акция | promotion
продвинутый расширенный | advanced
продемонстрировать демонстрировать показать | demonstrate show
продление | extension renewal
продлить продлевать | extend
продолжительность | duration length
продолжить продолжать приступить | proceed continue
продукция | products production output
продюсер | producer
проживание резиденция | residence
проживать | reside live
прожить | live
проиграть проигрывать | lose
проигрыватель плеер | player
произведение | work piece product
производитель | manufacturer producer vendor
производитель | producer manufacturer
производитель создатель | maker manufacturer creator
производить произвести | produce manufacture
производить произвести производство | produce production
производственный | production manufacturing
производство производить произвести изготовить изготавливать | manufacture manufacturing production
производство производственный | production manufacturing
произойти происходить | happen occur
произойти происходить возникнуть возникать | occur
произойти происходить случиться случаться | happen
происходить произойти | happen occur
происходящее | happening events
происшествие | incident accident
пройти | pass
пройти проходить | pass
прокат | rental hire
проклятие проклинать | curse
прокурор | prosecutor
промис | promise
промышленность промышленный | industry industrial
промышленный | industrial
пропаганда | propaganda
пропасть пропадать | disappear vanish
прописной | uppercase upper
пропустить пропускать | miss
пропустить пропускать | skip miss
пропустить пропускать | skip omit
просить | ask request
просить попросить | ask request
просмотренный | seen viewed
просмотрщик | viewer
проснуться просыпаться | wake
проснуться просыпаться будить разбудить | wake awake
проспект | avenue
просроченный | late overdue
просто | simply just
простой | downtime idle
простой | simple
простой обычный | plain simple
простой просто | simple plain easy
простой просто проще | simple easy
просьба | request
протест | protest
протест протестовать | protest
противник | opponent enemy adversary
противоположный противоположность | opposite
протокол | minutes
протяженность | length extent
профессиональный | professional
профессиональный профессионал | professional
профессия профессии | profession occupation
профессор | professor
профилирование профилировать | profiling profile
профиль | profile
профсоюз | union
проход | passage
проходить пройти | pass go
прохождение пройти | passing passage
процедура подпрограмма | routine subroutine
процент | percent
процент | percent percentage
процент доля | percentage percent
прочий | other miscellaneous
прошедший | past previous
прошить прошивать | flash
прошлое прошлый | past previous
прошлый прошлое | past
проще легче | easier simpler
проявить проявлять | show display demonstrate
проявлять проявить демонстрировать | exhibit show display
проявляться проявлять | show manifest appear
прыгать прыжок | jump
прямой | direct
прямой | straight
прямой прямо | direct straight
прятать спрятать скрыть скрывать | hide hiding
психический умственный | mental
психологический | psychological
психология психолог | psychology
птица | bird
публика | audience public
публикация | publication
публикация издание | publication
пузырь | bubble
пул | pool
пуля | bullet
пункт | item point clause
пускать пустить | let admit
пустыня | desert
путешествие | travel journey trip
путешествие поездка путь | journey trip
путешествие путешествовать поездка | travel
путешествовать путешествие | travel travelling traveling
пуш | push
пчела | bee
пыль | dust
пытаться | try attempt
пытаться попытаться | tried try
пытаться попытаться | try attempt
пытка пытать | torture
пьеса | play
пьяный | drunk
пятница | friday
раб | slave
раб рабы | slave
работа | job work
работать эксплуатировать управлять | operate
работодатель | employer
рабочий | worker
рабочий | working work
равновесие сбалансировать балансировка | balance balancing
равный равно | equal
равный равно равняться | equal equals
рад | glad happy
радикальный | radical
радио | radio
радость | joy
раз | time
раз | time once
разбирательство делопроизводство | proceedings
разбить разбивать | break split
разбить разбивать | smash crash break
разведка | intelligence
разведка | intelligence exploration reconnaissance
развернуть разворачивать | expand
развивать развиваться развитие | develop
развиваться развиться эволюционировать | evolve develop
развитие развивать развить | development growth evolution
развить развивать | develop
развлекать развлечь развлекательный | entertain entertaining
развлечение развлечения | entertainment
развод развестись | divorce
разговаривать | talk speak
разговор | conversation talk
раздавить давить сокрушить | crush
разделить делить | divide split
разделить разделять | separate
раздражать раздражающий надоедливый | annoying annoy
различать различить отличать | distinguish differentiate
различный | various different
различный разный | various
размер | size
размер | size dimension amount
размер измерение | dimension size
размещать разместить хостинг | host hosting
размещение | placement hosting deployment allocation
разница | difference
разница различие отличие | difference
разнообразие многообразие | variety diversity
разный | different various
разный различный другой | different
разобрать разбирать | parse disassemble
разобраться разбираться | understand figure
разочаровать разочаровывать разочарованный | disappoint disappointed
разработать разрабатывать разработка | develop design
разработчик | developer
разрешение | permit permission
разрешение | resolution
разрешить разрешать | permit allow
разрешить разрешать | resolve
разрушение уничтожение | destruction
разрушить разрушать | destroy
разрушить разрушать испортить | ruin
разум | mind reason intellect
разумный обоснованный | reasonable
разъем гнездо | jack socket
район | district area region
район окрестности | neighborhood
район округ | district
рак | cancer
ракета | missile
ракета | rocket
ракета | rocket missile
ракетный | missile rocket
раковина мойка | sink
раковина ракушка | shell seashell
рамка каркас | frame
рамка обводка | border frame
рамки рамка | frame framework scope limits
рана ранить раненый | wound wounded injury
ранее прежде | previously before
ранее рано ранний | early earlier previously
ранее раньше | earlier
ранение раненый | wound injury
ранить ранение травмировать раненый | injure injured
раннер исполнитель | runner
ранний рано | early
раньше | earlier before previously
раса | race
расист расистский | racist
раскатить раскатывать | roll rollout
раскрыть раскрывать | reveal disclose expand
раскрыть раскрывать выставить выставлять | expose
раскрыть раскрывать выявить обнаружить | reveal
расовый | racial
расписание график | schedule
распознавание | recognition
распознать распознавать | recognise recognize
распознать распознавать распознавание | recognize recognise
располагаться | located situated
расположен | located situated
расположение размещение компоновка | arrangement layout
расположение расположенный | location position layout
распоряжение | order instruction disposal
распределение | distribution
распределенный распределить распределять | distributed distribute
распродажа | sale
распространение распространять | distribution spread
распространить распространять | distribute
распространить распространять распространение | spread
распространяться распространять | spread distribute
рассвет | dawn
рассказ | story
рассказать | tell
рассказать рассказывать | tell
рассказать рассказывать | tell describe
рассказывать | tell describe
рассказывать сказать | tell telling
расслабиться расслабляться отдыхать | relax rest
расследование | inquiry investigation
расследование | investigation
расследование | investigation inquiry
рассматривать рассмотреть | consider examine review
рассмотрение соображение | consideration
расстояние | distance
расстояние дистанция | distance
расстроенный разочарованный | frustrated
расстроенный расстроить расстраивать | upset
расстройство | disorder
рассчитывать | rely count expect
рассчитывать рассчитать | calculate compute
растаять таять плавить | melt
растение | plant
расти | grow
расти вырасти | grow
расти вырасти рост | grow growth
растущий | rising growing
растянуть растягивать | stretch
расчет | payment settlement
расчет рассчитать рассчитывать | calculation computation
расширение | expansion extension
расширение | extension
расширение расширить | extension expansion
расширенный улучшенный | enhanced advanced extended
расширить расширять | expand extend
расширить расширять расширенный | extend extended
раунд | round
рвать порвать разорвать | rip tear
рвать порвать разорвать | tear rip
реагировать отреагировать | respond react
реагировать отреагировать реакция | react respond
реактивный | jet
реакция | reaction response
реализовать | realize
реальность | reality
реальность действительность | reality
реальный настоящий | real
реальный реально | real actual
ребенок | child
ребенок | child kid
ребенок дети | kid kids child
ребенок младенец | baby
ребро | edge
ребята | guys
революционный | revolutionary
революция | revolution
регби | rugby
регион область | region
регион региональный | region regional
региональный | regional
регистрация | registration signup
регулирование | regulation control adjustment
регулирование правило норматив | regulation rule
регулировать урегулировать | regulate
регулярно | regularly
регулярный обычный постоянный | regular
регулярный регулярно | regular regularly
редакция | edition revision
редкий | rare
редкий редко | rare rarely
редко | rarely seldom
режим | regime mode
режиссер | director
резерв | reserve backup
резерв запас | reserve
резкий резко | sharp sudden abrupt
резолюция | resolution
резолюция постановление решение | resolution decision
рейд налет облава | raid
рейнджер | ranger
рейс | flight voyage
рейтинг | rating ranking
река | river
реклама | advertising advertisement ad
реклама | commercial
реклама объявление | ads ad advertisement
реклама рекламировать | advertising advertise ads
рекомендация | recommendation
рекомендовать | recommend
реконструкция | reconstruction renovation
рекорд | record
религиозный | religious
религия | religion
рельс | rail
ремень пояс | belt
ремесло | craft trade
ремонт | repair maintenance
ремонт ремонтировать отремонтировать починить чинить | repair fix
репортер журналист | reporter journalist
репутация | reputation
республика | republic
республиканец республиканский | republican
республиканский | republican
ресторан | restaurant
ресурс | resource
ресурс ресурсы | assets resources
ресурс ресурсы | resource
реформа | reform
реформа реформировать | reform
рецепт | recipe
речь | speech
речь выступление | speech
решать решить | solve decide resolve
решать решить справиться | tackle address handle
решить решать решение | solve resolve
решить решать устранить | resolve fix solve
римский | roman
рис | rice
рисовать | draw paint
рисовать нарисовать | draw drew
рисовать нарисовать рисунок чертеж | draw drawing
рисунок | drawing picture figure image
рисунок фигура | figure
ритм такт | beat
робот | robot bot
ровно | exactly evenly
рог | horn
род | kind genus gender
родитель родители | parent
родитель родители | parent parents
родиться рожденный | born
родной | native
родной коренной | native
родственник | relative
рождение | birth
рождество | christmas
рождество | christmas xmas
роза | rose
розница розничный | retail
розовый | pink
роман | novel
роман романтика | romance
романтический | romantic
ромб | diamond
роскошь люкс | luxury
рост | growth
рост | growth increase rise
рост | height
рост подъем | rise growth increase
рот | mouth
рубашка футболка | shirt
рубеж | frontier boundary
рубль | ruble rouble
руины развалины | ruins
рука | arm
рука | hand
рука | hand arm
руководитель | executive
руководитель | manager head leader supervisor
руководить | manage lead direct
руководить вести ведущий руководитель | lead leading
руководство лидерство | leadership management
руководство указания | guidance guide
руль | wheel helm
русский | russian
рутина распорядок | routine
ручей | creek stream
ручка | handle pen knob
ручка перо | pen
рыба | fish
рынок | market
рыцарь | knight
рэп | rap
ряд | row series range
сад | garden
сад садоводство | garden gardening
сайт | site website
сайт вебсайт | website site
сам самостоятельный | self
самолет | aircraft airplane plane
самолет | airplane aircraft plane
самостоятельно самостоятельный | independently independent
самоубийство суицид | suicide
санкции | sanctions
сарай | shed
сахар | sugar
сбой отказ | fail failure
сбой падение | crash failure
сбор | collection gathering fee
сбор взыскание | collection
сборка | assembly build
сборная | team squad
сборник | collection compilation
свадьба | wedding
свалка | dump landfill
сведения | information data
свежий | fresh
свежий | fresh new
свернуть сворачивать | fold collapse
сверху | above top
свет | light
свет освещение | light lighting
светлый | light
светлый светло | light bright
светодиод | led
свидетель | witness
свинья | pig
свобода | freedom liberty
свобода | liberty freedom
свободный освободить освобождать | free
свободный свободно | free available
свойство | property attribute
связанный связать связывать | associated associate
связанный сцепленный | coupled
связь | association
связь | bond
связь общение коммуникация | communication
святой | saint
святой священный | holy sacred
священник | priest
сдать сдавать | submit deliver pass
сдвиг сдвинуть сдвигать | shift
сделанный | made
сделать делать | do make
сделка | deal
сделка | deal transaction
север | north
север северный | north
северный | northern north
сезон | season
сезон сезонный | season seasonal
сейчас | currently
сейчас теперь | now
секретарь | secretary
сексуальный половой | sexual
сектор | sector
сектор отрасль | sector
секунда | second
секунда | second sec
село | village
сельский | rural
сельский | rural agricultural
сельскохозяйственный | agricultural
семейный | family
семинар практикум | workshop
семья | family
семья семейство | family
семя зерно | seed
сенат | senate
сенатор | senator
сенсорный | touch
сентябрь | september
сентябрь | september sept sep
сердце | heart
серебро | silver
серебро серебряный | silver
серебряный | silver
середина | middle
сериал | series
сериал | series show
серия | series episode batch
серия ряд | series
сертификат свидетельство | certificate cert
серый | grey gray
серьезно | seriously
серьезный | serious
серьезный серьезно | serious severe
серьезный тяжелый суровый | severe serious
сестра | sister
сеть | net network
сеть | network
сеть сетевой | network net
сигарета | cigarette
сигнал | signal
сигнал сигнализировать | signal
сидеть сесть | sit
сила | force
сила | force strength power
сила прочность | strength
сильнее | stronger
сильно | heavily strongly
сильно настоятельно | strongly
сильный | strong
сильный сильно | strong
символ | character
символ | symbol character
символ знак | symbol
симптом признак | symptom sign
синий | blue
синий голубой | blue
система системный | system
ситуация | situation case
ситуация положение | situation
сиять блестеть | shine
сказать | said say
сказать | say tell
сказать говорить | say tell
сказать рассказать | told tell
сказка история | tale story
скамейка скамья | bench
скандал | scandal
сканировать отсканировать сканирование | scan
скин оформление | skin
склад | warehouse storage depot stock
склоняться стремиться | tend
сковорода | pan
скользить сдвинуть | slide
скомпрометировать компрометировать | compromise
скоро | soon
скоро вскоре | soon
скорость | speed
скорость | speed rate velocity
скрывать скрыть скрываться | hide conceal
скрытый | hidden
скрыть скрывать спрятать прятать | hide conceal
скрыть скрытый | hide hidden conceal
скучный | boring dull
слабость | weakness
слабость недостаток | weakness
слабый | weak
слабый свободный | loose
слабый слабо | weak
слава | glory
слава известность | fame
сладкий | sweet
слайд | slide
слева | left
слегка | slightly
слегка немного | slightly
след | trace track
след | trail trace
следовать | follow
следовать последовать следующий | follow following
следствие | consequence
следствие | investigation
слеза слезы | tear tears
слепой | blind
слив дренаж слить сливать | drain
слишком | too
слово | word
слово | word term
сложение | addition
сложить складывать | add sum
сложить складывать | fold
сложнее труднее | harder
сложность сложности | complexity difficulty
сложный запутанный | complicated complex
сложный комплексный | complex complicated
сложный сложно | complex complicated difficult hard
сложный трудный | challenging
сломанный поврежденный битый | broken
сломать ломать | break
сломать ломать поломка | break
сломать сломаться ломать | break
слуга | servant
служба | service department
служить | serve
слух | rumor hearing
случай | case instance event occurrence
случай повод | occasion
случайно случайный | accidentally accidental
случайный | random
случайный случайно случайность | random accidental chance
случиться | happen occur
слушать | listen
слушать послушать | listen
слушать послушать прослушивать | listen
слышать | hear
слышать услышать | hear
слышать услышать | heard hear
слышать услышать слух | hear hearing
слышно слышный | audible
смартфон | smartphone
смена | shift
смерть | death
сметь осмелиться | dare
смешать смешивать смесь смешанный | mix mixed
смешной забавный | funny
смешной смешно | funny
смеяться смех | laugh
сми | media press
смотреть | look watch view
смотреть | watch look
смотреть наблюдать следить | watch
смотреть посмотреть | look watch view
смотреть посмотреть взгляд | look
смысл | sense
смысл | sense meaning point
снаряжение оборудование | gear equipment
снег | snow
снижение снизить снижать | reduction decrease
снизить снижать | reduce lower decrease
снимать снять | remove
снимать съемка | shoot shooting
снимок | shot snapshot
снова опять | again
снять | remove
снять снимать снятие | remove withdraw
собака | dog
собеседник | interlocutor
собираться | gather assemble plan
соблюдать соблюсти | observe comply
соблюдать учитывать | respect
собрание ассамблея | assembly
собрать собирать сбор | collect collection
собрать собирать сбор | gather collect
собственность | property ownership
собственный | own proprietary
совершать совершить | perform commit make
совершенно | completely absolutely
совершить совершать | commit perform
совет | advice recommendation
совет | advice tip recommendation
совет | council
совет | council board
совет | counsel advice
совет правление | board
советник | advisor counselor
советовать посоветовать | advise recommend
советский | soviet
совещание | meeting conference
совместный общий | joint shared
совместный совместно | joint shared collaborative
совпадение совпадать соответствие соответствовать | match matching
современный | contemporary modern
современный | modern
современный | modern contemporary current
согласие | agreement
согласие | consent agreement
согласие согласиться | agreement consent agree
согласиться соглашаться согласовать | agree
согласно | according
согласный | agree agreed
соглашение договор | agreement
содействие | assistance facilitation promotion
содержание | content contents
содержание | maintenance upkeep
содержать | contain
содержать | contain include
содержать вмещать | contain
содружество | commonwealth
соединение | compound
соединение подключение связь | connection link
соединение соединить соединять | connection join connect
сожалеть сожаление пожалеть | regret
создание установление | establishment creation
создатель автор | creator author
создать создавать | make create
сознание | consciousness
сок | juice
сократить сокращать | reduce shorten cut
сократить сокращать сокращение | cut reduce
сокращение | abbreviation shortcut
сокращение снижение уменьшение | reduction decrease
сокращение сократить сокращать | reduction cut
сокровище клад | treasure
солдат | soldier
солнечный | solar
солнечный | solar sunny
солнце | sun
соло сольный | solo
соль | salt
сомневаться | doubt
сомнение | doubt
сомнение сомневаться | doubt
сон | dream
сон | sleep dream
сообщать сообщить | report inform notify
сообщение | text message
сообщество | community
сообщить сообщать | report inform notify
сообщить сообщать информировать уведомить | inform notify
сооружение | structure facility building
соответственно | respectively
соотношение коэффициент отношение | ratio
соперник | rival competitor opponent
соперник конкурент | rival competitor
сопротивление | resistance
сопротивляться противостоять | resist
сопрячь сопрягать сопряжение | pair pairing
соревнование | competition contest
соревнование конкурс | competition contest
сорняк | weed
сорт | sort grade variety
сорт разновидность | variety kind
сосед | neighbor
сосредоточиться концентрироваться | concentrate focus
состав | composition makeup
состав | composition structure lineup
составить составлять | compose compile make
составить составлять сочинить | compose
составлять | constitute amount compose
составной сложный | compound composite
состояние | condition
состоять | consist
состоять | consist comprise
состояться | occur happen
сосуд | vessel container
сотрудник | employee staff colleague
сотрудник | officer
сотрудник работник | employee
сотрудничество | cooperation collaboration
сотрудничество взаимодействие | collaboration cooperation
соус | sauce
сохранение охрана | conservation preservation
сохранить сохранять | preserve keep retain
сохранить сохранять сохранение | save saving
сохранить сохранять удержать удерживать | retain keep preserve
социальный | social
сочетание | combination
сочетание комбинация | combination
сочинение | composition essay
союз | union alliance
союз объединение | union
союзник | ally
спад снижение упадок | decline decrease
спальня | bedroom
спасение спасти | rescue save recovery
спасение спасти спасать | rescue save
спасти спасать | save rescue
спать | sleep
спать сон | sleep
специалист | specialist expert
специалист | specialist expert professional
специальный | special specific dedicated
специальный особый | special
специфика | specifics
спешить | hurry rush
спешить торопиться спешка | rush hurry
список | list
спокойный спокойно | calm quiet
спокойный спокойствие успокоить | calm
спонсор спонсировать спонсорский | sponsor sponsored
спор | dispute argument
спор спорить | dispute argument
спорить поспорить | argue dispute
спорт | sport sports
спортзал | gym
спортивный | sports athletic
спортсмен | athlete
спортсмен атлет | athlete
способ | way method means
способ путь | way method
способность возможность | ability
способность способный | ability capability capacity
способный | able
способный | capable able
способствовать | contribute promote facilitate
способствовать содействовать | foster promote facilitate
справа | right
справедливость правосудие | justice
справедливость равенство | equity
справедливость справедливо | justice fairness
справедливый честный | fair
справиться справляться | cope manage handle
справляться справиться | cope manage
спрашивать спросить | ask
спрей распылить | spray
спрос | demand
спросить спрашивать | ask
спутник | satellite
спутник | satellite companion
спящий | asleep sleeping
сработать срабатывать | fire trigger
сравнение | comparison
сравнение сравнить сравнивать | comparison compare
сравнить сравнивать сравнение | compare comparison
сражение | battle
сразу | immediately instantly
среда | wednesday
среда носитель | medium
средний | average middle medium mean
средний | medium
средний середина | middle
средний среднее | average
средства | funds resources
средства финансирование финансировать | funds funding
средство | means tool remedy
срок | deadline term period
срочно срочный | urgently urgent asap
ссылаться сослаться | refer
ставить | put set place
ставка | rate bet stake
ставка предложение заявка | bid offer
ставка ставить поставить | bet wager
стадион | stadium
стакан | glass cup
сталь стальной | steel
стандарт | standard
стандарт стандартный | standard
стандартный | standard default
становиться стать | become
станция | station
стараться | try
старение устаревание | ageing aging
старик | old
старт стартовать | start launch
стартовать | start launch
старший | older
старший | senior
старший | senior older elder
старый | old
старый | old legacy
статистика | statistics
статистика | statistics stats
стать | become
стать становиться | became become
стать становиться | become
статья | article
статья | article paper post
стебель | stem
стекло | glass
стена | wall
стенд | stand
степень | degree
степень | degree extent power
степень мера | extent degree
стих куплет | verse
стих стихи | verse poem poetry
стихотворение поэма | poem
стоимость | cost price value
стоимость цена затраты стоить | cost
стоимость ценность | worth value
стоить | cost
стол | desk table
стол | table desk
столб шест | pole
столбец колонка | column
столетие | century
столица | capital
столкновение | collision conflict clash
столкнуться сталкиваться | encounter face collide
столкнуться сталкиваться | face
столкнуться сталкиваться | face encounter
столкнуться сталкиваться встретить встречать | encounter
стоп | stop
сторона | party
сторона | side
сторона | side party
сторонник | advocate proponent supporter
сторонник | supporter
сторонник сторонники | supporter proponent advocate
стоять | stand
страдать страдает | suffer
страдать страдание | suffer suffering
страна | country
странный | odd strange
странный | strange weird odd
странный | weird strange odd
страсть | passion
страсть увлечение | passion
страх | fear
страх бояться | fear
страхование страховка | insurance
страховой | insurance
страшный | scary
страшный | scary terrible
стрелка | arrow pointer needle
стрельба | shooting
стрелять | shoot
стрелять стрельба выстрел | shoot shooting
стремиться | strive aim seek
стремление | aspiration desire
стресс напряжение | stress strain
строго строгий | strict strictly
строение | structure building
строитель | builder
строительный | construction building
строительство | construction
строительство строить | construction building
строить построить | build construct
студент | student
студент учащийся | student
студия | studio
стук стучать постучать | knock
стул кресло | chair
стыд позор | shame
суббота | saturday
субъект | subject
субъект | subject entity
суд | court
суд | court trial
суд | trial
судебный | judicial court
судить оценивать | judge
судно | vessel ship
судно корабль | vessel ship
судьба | fate destiny
судья | judge
суждение | judgment judgement
сумасшедший безумный | crazy
суметь | manage
сумка | bag
сумка мешок | bag
сумма | sum amount total
сумма суммировать | sum total
супер | super
супруга супруг | spouse wife
сустав | joint
сутки | day
суть | essence gist point
суть сущность | substance essence
сухой | dry
сушить высушить сушка | dry drying
существенный значительный | substantial significant
существо | creature
существование | existence
существование существовать | existence
сфера | sphere field area domain
схватить хватать захватить | grab seize
схема | scheme diagram
схема цепь контур | circuit
сходиться сойтись | converge match
сцена | scene
сцена | scene stage
счастлив счастливый | happy
счастливый | happy lucky
счастливый довольный | happy
счастье | happiness
счет | bill invoice
счетчик | counter
счетчик | meter counter
считать | consider believe
считать посчитать | count calculate
считыватель | reader
съезд | congress convention
съемка съемки | shooting filming photography
съесть | eat ate
сыграть | play
сын | son
сыр | cheese
сырой необработанный | raw
сырье | raw feedstock
сюжет | plot story
сюжет | plot storyline
сюрприз | surprise
сюрприз удивление удивить удивлять | surprise
таблетка | pill tablet
таблица | sheet spreadsheet
тайминг хронометраж | timing
тайна | secret mystery
тайна загадка | mystery
такси | taxi
талант | talent
талант талантливый | talent talented
таможня | customs
танец | dance
танец танцевать | dance
танк | tank
тарелка | plate dish
тащить перетащить перетаскивать | drag
твердый прочный | solid
твит твитнуть | tweet
творить | create
творческий | creative
творческий креативный | creative
творчество | creativity
театр | theater theatre
театр | theatre theater
театральный | theatrical theater
тег метка пометить помечать | tag label
текст | text
текст текстовый | text
текучий | fluid
телевидение | television
телевидение телевизор | television tv
телевизор | television tv
телеканал | channel
телефон | phone telephone
телефон | telephone phone
телефон телефонный | phone telephone
тело | body
тема | topic subject theme
тема предмет | subject
темнота | darkness dark
темп | pace rate tempo
темп скорость | pace rate
температура | temperature
тенденция | tendency trend
теннис | tennis
тень | shade shadow
тень | shadow
теоретически теоретический | theoretically theoretical
теория | theory
тепло жара нагрев | heat
теплый | warm
теплый тепло | warm heat
терапия лечение | therapy treatment
терпеливый | patient
терпеть | tolerate endure bear
территориальный | territorial
территория | territory
территория | territory area
террорист | terrorist
терять потерять | lose
терять проигрывать | losing lose
тесно | closely tightly
тесный плотный жесткий | tight
техника | equipment machinery
техника | technique
техника метод прием | technique method
технический | technical
технический технически | technical technically
технологический | technological technical
технология | technology
технология техника | tech technology
технология технологический | technology
течение | course flow current
тигр | tiger
тикет заявка | ticket issue
титул | title
тихий беззвучный | silent quiet
тихий спокойный | quiet
тихий тихо | quiet silent
тишина | silence quiet
тишина молчание | silence quiet
ткань | cloth
ткань | fabric cloth tissue
ткань | tissue
товарищ коллега | fellow
товарищ напарник | mate companion
тоже также | too also
толкать толкнуть нажать | push
толпа | crowd
толстый | thick fat
толстый густой | thick
толстый жирный | fat
том | volume
том | volume vol
тон | tone
тон высота | pitch tone
тонкий | thin
тонкий | thin subtle
тонна | ton
тонна | ton tonne
тонуть утонуть | sink
топ | top
топливо | fuel
топливо горючее | fuel
торги тендер | bidding tender
торговля | trade commerce
торговля коммерция | commerce trade
торговля торговать | trade trading
торговый | trade commercial trading retail
торт пирог | cake
точка | period
точка | point dot
точка | point dot period
точка зрения взгляд | perspective viewpoint
точка точки | point dot
точность | accuracy precision
точный | accurate precise
точный | exact precise accurate
точный точнее | exact precise accurate
трава | grass
травма | injury
травма | injury trauma
традиционный | traditional conventional
традиционный традиционно | traditional traditionally
традиция | tradition
трансляция транслировать | broadcast streaming translation
трансляция транслировать вещание | broadcast
транспорт | transport transportation
транспорт перевозка | transportation transport
транспорт транспортировать перевозить перевезти | transport
транспортный | transport
трасса | route track trace highway
трассировка трассировать | trace tracing
тратить | waste
тратить потратить | spend
тратить потратить расходы | spend spending
трафик | traffic
требовать | require demand
требовать требование | demand
требовать требоваться | require demand need
тревога | alarm anxiety alert
тревога беспокойство | anxiety
тревога сигнализация | alarm alert
трек дорожка | track
тренд тенденция | trend
тренер | coach trainer
тренер наставник | coach
тренировка | training workout practice
третий | third
трещина | crack
триггер срабатывание | trigger
тропа | trail path
труба | pipe tube
труба трубка | tube pipe
труба трубопровод | pipe
трубка | tube handset pipe
труд | labor work
труд | labour labor
труд работа | labor labour work
трудность сложность | difficulty
трудность трудности | difficulty trouble challenge
трудный сложный | difficult hard
трудный сложный тяжелый | hard difficult
трудный трудно | difficult hard
трудовой | labor working
трюк уловка хитрость | trick
трясти встряхнуть | shake
туалет | toilet restroom
туалет унитаз | toilet
туннель тоннель | tunnel
тур | tour round
тур экскурсия | tour
туризм | tourism
турист | tourist
турист туристический | tourist
турнир | tournament
тщательно | carefully thoroughly
тюрьма | jail prison
тюрьма | prison jail
тяжелый | heavy
тяжелый | heavy hard difficult
тянуть вытянуть подтянуть | pull
убедить убеждать | convince persuade
убедить убеждать убежденный | convince persuade
убедиться убеждаться | ensure verify
убеждение вера | belief
убежище приют | shelter
убивать убить | kill
убийство | killing murder
убийство убить | murder
убийца | killer
убийца | killer murderer
убитый | killed
убить убивать | kill
уважать уважаемый | respect
уважение | respect
уважение уважать | respect
уведомление извещение | notice
увеличение увеличить увеличивать | increase growth enlargement
увеличивать увеличить увеличиваться | increase enlarge grow
увеличить увеличивать увеличение рост | increase
увеличить увеличиться | increase grow
уверенность доверие | confidence
уверенность уверенно | confidence
уверенный | certain sure
уверенный | confident sure
уверенный | sure
уверенный уверен | sure confident certain
увидеть | see
увидеть видеть | see
уволить увольнять | dismiss fire
уволить увольнять | fire dismiss
уволить увольнять увольнение | dismiss fire
уволиться увольняться | resign quit
угадать угадывать догадка предположение | guess
углерод | carbon
угол | angle
угол | angle corner
угол | corner angle
угол уголок | corner
уголовный | criminal
уголь | coal
угрожать | threaten
угрожать пригрозить | threaten
угроза | threat
удаление | removal deletion
удалить удалять сбросить | drop
удар | blow hit
удар пинок | kick
удар ударить | hit strike blow
удар ударить | punch
удар ударить ударять | strike hit
ударить удар | hit
ударить ударять поразить | strike struck hit
удаться удаваться | succeed manage
удача | fortune luck
удача | luck success
удача везение | luck
удачливый везучий | lucky
удачно удачный | successful successfully
удержать удерживать | hold retain keep
удивительный потрясающий | amazing
удивительный удивительно | amazing surprising
удивиться удивить | surprise
удобный комфортный | comfortable convenient
удобный удобно | convenient comfortable
удовольствие | pleasure
уезжать уехать | leave depart
ужас | horror
ужасный | awful terrible
ужасный | horrible terrible
ужасный | terrible awful
ужасный ужасно | terrible awful
уже | already
ужин | dinner
узел | node knot
узкий сузить сужать | narrow
узнать узнавать | learn find discover
уйти | leave
уйти уходить | leave
уйти уходить уход | leave exit departure
указ | decree
указание | directions
указание | instruction directive indication
указать указывать | specify indicate
указать указывать обозначить обозначать | indicate denote show
указывать указать | indicate specify point
украинский | ukrainian
украсть красть | steal
украсть красть украденный | steal stolen
укрепить укреплять усилить | strengthen reinforce
укрепление | strengthening
укус кусать укусить | bite
улица | street
улучшить улучшать усилить | enhance improve
улыбка | smile
улыбка улыбаться улыбнуться | smile
ум | mind intelligence
ум разум | mind
уменьшить уменьшать сократить сокращать снизить снижать | reduce decrease
уменьшить уменьшать уменьшение снижение | decrease reduce
умеренный | moderate
умереть | die
умереть | died die
умереть умирать | die
умирать | die
умирать умирающий | dying die
умный | smart clever intelligent
умный | smart intelligent
умолять просить | beg
универсальный универсально | universal universally
университет | university
университет вуз | university
униформа форма | uniform
уничтожение уничтожить | destruction destroy
уничтожить уничтожать | destroy
уничтожить уничтожать разрушить | destroy
упаковать упаковывать упаковка пакет | pack packing
упасть падать | fall crash drop
упасть падать | fall drop
упасть падать | fall fallen
упомянуть упоминать упоминание | mention
упорядочить упорядочивать расположить располагать | arrange order
употребление | use usage consumption
управляемый | driven
управлять руководить | govern rule manage
упражнение | exercise
упражнение тренировка | exercise workout
урегулирование расчет | settlement
урегулировать уладить улаживать | settle resolve
уродливый некрасивый | ugly
урожай | crop
урок | lesson
усиление | amplification strengthening reinforcement
усилие | effort
усилие трудозатраты | effort
усилить усиливать | strengthen amplify
условие | condition
условие условия | condition terms requirement
усложнить усложнять | complicate
услуга | service
услышать слышать | hear
успеть успевать | manage
успех | success
успешно | successfully
успешный | successful
успешный успешно | successful successfully
усреднить усреднять | average averaging
устав | charter statute
устав хартия | charter
усталый уставший | tired
устанавливать установить | install set establish
установить | install set
установить устанавливать | establish
установить устанавливать | install set establish
установление | establishment
устаревший | dated outdated obsolete
устный разговорный | spoken oral
устойчивый длительный | sustained
устраивать устроить | arrange organize suit
устранить устранять | address
устранить устранять исключить исключать | eliminate remove
устроить устраивать | arrange organize
устройство | device
устройство | device unit
устройство | structure arrangement
уступить уступать | yield
уступить уступать | yield concede
усыновить усыновлять | adopt
утвердить утверждать утвержден | approve
утверждать | claim assert
утверждать заявлять | claim
утверждать утвердить | approve
утверждать утверждение | assert claim
утверждение заявление | statement
утечка утечь утекать | leak
утилита | utility tool
утка | duck
утро | morning
утро утром | morning
ухо | ear
участвовать | participate
участвовать участие | participate
участие | participation
участие участвовать | participation involvement participate
участник | participant member
участок | section plot area site
участок | section site plot area
учеба | study studies education
учебник | textbook tutorial manual
учебный | educational training academic
ученик | student pupil
ученик школьник | pupil student
учения тренировка | drill exercise
ученый | scholar
ученый | scientist
ученый | scientist researcher scholar
учет учитывать | accounting tracking registration
училище | college school
учитель | teacher
учитель преподаватель | teacher
учитывать | consider
учитывать учесть | consider account
учить | teach
учить научить обучать преподавать | teach teaching
учить обучать научить | teach
учиться | learn study
учиться изучать изучить обучение | learn learning
учредить учреждать | institute establish
учреждение | institution establishment agency
учреждение заведение | establishment institution
учреждение институт | institution
ущерб | damage loss harm
ущерб повреждение повредить повреждать | damage
фабрика | factory
фабрика завод | factory plant
фаза | phase
фактически фактический | actually actual effectively
фактический действительный | actual
фактор | factor
факультет | faculty
факультет | faculty department
фальшивый поддельный подделка фейк | fake
фамилия | surname
фанат | fan
фанат поклонник | fan
фантазия фэнтези | fantasy
фантастический | fantastic
фауна | wildlife fauna
февраль | february
февраль | february feb
федеральный | federal
федерация | federation
ферма | farm
ферма хозяйство | farm
фермер | farmer
фестиваль | festival
фигура | figure shape
физика | physics
физический | physical
физлицо | individual
фиксированный | fixed
филиал дочерний | affiliate subsidiary
философия | philosophy
фильм | film movie
фильм кино | film movie
фильм кино | movie film
финал | final
финал | final finale
финансирование | funding financing
фирма | firm company
фирма компания | firm company
фитнес | fitness
флот | fleet
флот | navy fleet
фон | background
фон фоновый | background
фонд | fund
фонд | fund foundation
формальный официальный | formal
формирование образование | formation
формирование формировать сформировать | formation generation
формула | formula
формулировка | wording
форт крепость | fort fortress
форум | forum
фотограф | photographer
фотография фото фотографировать сфотографировать | photograph photo
фотография фотосъемка | photography
фрагмент | fragment snippet
фраза | phrase
фраза выражение | phrase
фракция | faction fraction
французский | french
франшиза | franchise
фрукт плод | fruit
фундаментальный основной | fundamental basic
функционировать работать | function
функция | function
фунт | pound
фургон | van
фут | foot feet
футбол | football soccer
футбол | soccer football
хак костыль | hack workaround kludge
характер | character nature
характер сущность | nature
характеристика | characteristic feature specification
характеристика характерный | characteristic feature
характерно характерный | typical characteristic
хвалить похвалить похвала | praise
хватать | grab catch
хватать хватить | suffice enough
хвост | tail
химический | chemical
химический химикат | chemical
химия | chemistry
хирургия операция | surgery
хлеб | bread
хлопнуть хлопать | slam
хлопок | cotton
ход | move progress course
ходить | walk go
ходить гулять прогулка | walk
хозяин | owner host master
хозяйство | economy farm household
хоккей | hockey
холдинг | holding
холм | hill
холодный холод | cold
холодный холодно | cold
хороший прекрасный | fine
хороший приятный | nice
хороший хорошо | good well fine
хорошо | well
хост узел | host
хотеть захотеть | want
храбрый смелый | brave
храм | temple
хранитель страж | guardian keeper
хранить держать | kept keep
хранить сохранять сохранить | keep
художественный | artistic art
художник | artist painter
художник артист | artist
худший | worst
хуже | worse
хуже худший | worse
хук перехватчик | hook
царапина царапать поцарапать | scratch
цветок цветы | flower
целый весь | whole
цель | aim goal target
цель задача | objective goal target
цель назначение | purpose
ценить оценить | appreciate value
ценный | valuable
центр | center centre
центр | centre center
центр | downtown center
центр центральный | center centre hub
центральный | central
центрировать | center
цепь | chain circuit
цепь цепочка | chain
церемония | ceremony
церковь | church
цитата цитировать процитировать | quote citation
цитировать процитировать ссылаться | cite quote
цифра | digit figure number
цифра показатель | figure
цифровой | digital
чай | tea
чартер | charter
час | hour
частица | particle
частично | partially partly
частичный частично | partial partially
частный | private
часто | frequently often
часто | often frequently
частота | frequency
частота | frequency rate
часть | part portion section
часть деталь | part
часть доля порция | portion part share
часы | clock
часы | watch
чашка | cup
человек мужчина | man
человеческий | human
человечество | humanity mankind
чемпион | champion
чемпионат | championship
черный | black
черта черты | trait feature
честный | honest
честный честно | honest fair
честь | honor honour
честь | honour honor
честь почет | honor honour
четверг | thursday
четверть | quarter
четко | clearly precisely
четный | even
чиновник | official
чиновник | official bureaucrat
чип микросхема | chip
численность | number headcount size
число количество | number
число числовой | number numeric count
чистый | pure clean
чистый нетто | net
чистый чисто | clean pure clear
читатель | reader
член | member
чрезвычайно | extremely
чрезвычайно крайне | extremely
чрезвычайный | emergency extraordinary
чувствительный | sensitive
чувство ощущение | sense
чувство чувствовать | feeling sense feel
чувствовать | feel
чувствовать почувствовать | felt feel
чувствовать почувствовать чувство ощущение | feel feeling
чудо | miracle
чужой | foreign alien
шанс | chance
шанс возможность | chance
шар | ball sphere
шахта | mine shaft
шахта рудник | mine
шестерня передача | gear
шея | neck
шина | bus
шина покрышка | tire tyre
ширина | width
широкий | broad wide
широкий | wide
широкий широко | wide broad
широко | widely broadly
широковещательный | broadcast
шкаф | cabinet cupboard
школа | school
школьник | schoolchild pupil student
школьный | school
шляпа | hat
шок потрясение шокировать | shock
шоколад | chocolate
шоссе | highway
шоссе трасса | highway
шотландский | scottish
шоу | show
шпион шпионить | spy
штаб | headquarters hq
штаб | headquarters staff
штамп печать | stamp seal
штат | staff
штат | state
штраф | fine penalty
штраф | penalty fine
штрих обводка | stroke outline
штука | piece item
шум | noise
шутка | joke
шутка шутить пошутить | joke
щелчок | snap click
щит экран | shield
эволюция развитие | evolution
эквивалент эквивалентный | equivalent
экзамен | exam examination
экзамен | examination exam
экземпляр | copy
экипаж | crew
экипаж бригада команда | crew team
экологический | ecological environmental
экологический | environmental
экономика | economics
экономика | economy
экономика | economy economics
экономист | economist
экономический | economic
экономия сбережения | saving savings
экономия экономить | saving economy save
экранировать экранирование | escape escaping
эксклюзивный исключительный | exclusive
экспедиция | expedition
эксперимент | experiment
эксперимент экспериментировать | experiment
эксперт | expert
эксперт специалист | expert specialist
эксплуатация эксплуатировать | operation exploitation
экспозиция выдержка | exposure
экспонат | exhibit
экспресс | express
экстренный аварийный неотложный | emergency urgent
электрический | electric electrical
электрический | electrical electric
электричество | electricity power
электронный | electronic digital
электронный электроника | electronic electronics
элемент | element
элемент | element item component
элементарный начальный | elementary basic
элита элитный | elite
эмоциональный | emotional
эмоция | emotion
эмоция эмоции | emotion
энергетика | energy power
энергетический | energy power
энергия | energy
энергия | energy power
эпизод | episode
эпизод серия | episode
эпоха | epoch era
эпоха эра | era epoch
эссе сочинение | essay
этаж | floor
этнический | ethnic
эфир | air broadcast ether
эффект | effect
эффект влияние | effect
эффективно | effectively efficiently
эффективность | efficiency effectiveness
эффективность эффективный эффективно | efficiency effectiveness efficient
эффективный | efficient effective
эффективный действенный | effective efficient
юг | south
юг южный | south
южный | southern south
юноша | youth
юридический | legal juridical
юридический правовой законный | legal
юрист | lawyer attorney
юрист адвокат | lawyer attorney
яблоко | apple
явление | phenomenon
яд отравить отравлять отравление | poison poisoning
ядерный | nuclear
ядерный атомный | nuclear
язык | tongue
яйцо | egg
яма | pit
январь | january
январь | january jan
японский японец | japanese
яркий светлый | bright
яркий ярко | bright
ярмарка выставка | fair
ясно четко явно | clearly
ясный ясно | clear
ячейка | cell
ящик | box drawer
"""
