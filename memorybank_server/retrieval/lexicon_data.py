"""The built-in Russian ↔ English dictionary and the stop lists: data only, no logic.

Why this vocabulary: it was grown from the real banks in the shared corpus — the frequent Russian
words of their titles, purposes, headings and bodies, paired with the English words the same banks
use for the same thing (`приёмка` ↔ acceptance, `бронирование` ↔ booking/reservation, `юнит` ↔
unit). Russian banks mix in transliterated English (`фича`, `релиз`, `деплой`, `ревью`), so those
are entries too.

Format of `ENTRIES`: one line per meaning, `russian words | english words`. Write the Russian
words as ordinary words in any form — nouns, verbs and adjectives of one family — because each is
reduced to its Snowball stem when the dictionary loads (so `восстановить восстановление` covers
both the verb and the noun). English words are reduced by the light English stemmer. A word may
appear on several lines; it then maps to all of them. Lines starting with `#` are comments.
"""

ENTRIES = """
# the bank itself
документ документация документы документировать | document documentation doc docs
индекс оглавление | index
навигация навигационный | navigation
шаблон шаблонный | template templates
слой | layer
раздел секция | section
заголовок | heading header title
поле поля | field fields
метаданные | metadata frontmatter
ссылка ссылаться | link reference
перекрёстный | cross
файл | file
папка директория | folder directory
каталог | catalog directory
банк | bank
память | memory
фронтматтер | frontmatter
реестр регистрация зарегистрировать | registry register
аннотированный аннотация | annotated annotation
корневой корень | root
входа | entry
# governance
владелец владеть владение владеет | owner ownership own
канонический каноничный | canonical
правило правила | rule rules
граница границы | boundary boundaries
статус статусы | status
проверка проверить проверять | check verify verification
верификация | verification verify
валидация валидировать валидный невалидный | validation validate valid invalid
зависимость зависимости | dependency dependencies
дерево | tree
принцип принципы | principle principles
жизненный | lifecycle
цикл | cycle loop
управление управлять | governance management manage
синхронизация синхронизировать | sync synchronization
актуальность устаревший | staleness stale
истина истины | truth
источник источники | source sources
происхождение | derived origin
противоречие конфликт | conflict
дубликат дублирование дублировать | duplicate duplication
запрет запрещено запрещённый | forbidden prohibited
обязательный обязательно | required mandatory
необязательный опциональный | optional
условный условно | conditional conditionally
# decisions and delivery
решение решить решили решено | decision decided decisions adr
обоснование обосновать | rationale justification
альтернатива альтернативы | alternative alternatives
вариант варианты | option options alternatives
рассмотренный | considered
последствие последствия | consequence consequences
компромисс | tradeoff
драйвер драйверы | driver drivers
влияние | impact
риск риски | risk risks
требование требования | requirement requirements
функциональный | functional
нефункциональный | nonfunctional
сценарий сценарии | scenario case
приёмка приемка приёмочный | acceptance
критерий критерии | criteria criterion
готовность готово готовый | readiness ready done
выпуск выпустить выпускать | release ship
релиз релизный релизы | release releases ship
фича фичи функция функциональность | feature features
эпик эпики | epic epics
пакет | package
задача задачи | task tasks issue
инициатива | initiative
поставка доставка | delivery
реализация реализовать реализовано имплементация | implementation implement implemented
план планирование спланировать | plan planning
шаг шаги пошаговый | step steps
этап стадия | stage phase
переход переходы перейти | transition transitions
ворота гейт | gate gates
завершение завершить закрытие | closure completion close
передача | handoff
инкремент волна | wave slice
журнал | log journal
замечание замечания | finding findings
ревью рецензия рецензент ревьюер | review reviewer
обзор | review overview
# product and domain
продукт продуктовый | product
проблема проблемы проблемный | problem
цель цели целевой | goal goals target
контекст | context
пользователь пользователи пользовательский | user users
клиент клиенты | client customer customers
покупатель | buyer customer
сегмент | segment
метрика метрики | metric metrics
измерение | measurement
видение | vision
стратегия стратегический | strategy strategic
дорожная роудмап | roadmap
маркетинг | marketing
позиционирование | positioning
конкурент конкуренты | competitor competitors competitive
ценообразование | pricing
глоссарий словарь | glossary vocabulary
термин термины терминология определение | term terms terminology definition meaning
означает называть называем называется | meaning mean term definition
предметный доменный домен | domain
событие события | event events
состояние состояния | state states
инвариант инварианты | invariant invariants
модель | model
понятие концепция | concept concepts
сущность | entity
бизнес | business
исход результат | outcome result
ценность | value
гипотеза допущение предположение | hypothesis assumption
ограничение ограничения | constraint constraints limit limitation
объём | scope
охват | scope coverage
исключение исключения | exception exceptions
# engineering
архитектура архитектурный | architecture architectural
модуль модули | module modules
компонент компоненты | component components
слой слои | layer layers
паттерн шаблоны | pattern patterns
стиль | style
соглашение соглашения конвенция | convention conventions
именование наименование | naming name
код кодовый | code
кодогенерация генерация сгенерировать | generation generate codegen
линтер | linter lint
форматирование | formatting
тест тесты тестировать тестирование тестовый | test tests testing
покрытие покрывать | coverage
регрессия регрессионный | regression
ручной вручную | manual
автоматический автоматизированный автоматически | automated automatic
данные данных | data
бд | db database
таблица таблицы | table
схема схемы | schema
миграция миграции мигрировать | migration migrations migrate
ключ ключи | key keys
первичный | primary
индексы | indexes
ограничение | constraint
транзакция | transaction
запрос запросы | request query
ответ ответы | response answer
эндпоинт эндпоинты | endpoint endpoints
маршрут маршрутизация | route routing
апи | api
контракт контракты | contract contracts
интерфейс интерфейсы | interface interfaces
клиент | client
сервер серверный | server
сервис сервисы | service services
бэкенд бекенд | backend
фронтенд фронт | frontend
воркер обработчик | worker handler
очередь | queue
кэш кеш кэшировать | cache caching
хранилище хранение хранить хранятся | storage store stored
сохранение сохранить | save persist persistence
запись записать писать пишут пишет | write record writes
чтение прочитать читать | read reading
удаление удалить | delete deletion remove
создание создать | create creation
изменение изменить | change update edit
обновление обновить | update upgrade refresh
добавление добавить | add adding
восстановление восстановить | restore recovery
откат откатить обратимый | rollback revert reversible undo
резервный бэкап | backup
ошибка ошибки | error errors failure
сбой отказ | failure outage
обработка обрабатывать | handling processing
исключительный | exceptional
логирование логи лог логировать | logging logs log
мониторинг наблюдаемость | monitoring observability
монитор | monitor
диагностика | diagnostics diagnosis
конфигурация конфиг настройка настройки настроить | configuration config settings configure
переменная переменные | variable variables env
окружение окружения среда | environment environments env
секрет секреты | secret secrets credentials
доступ доступы | access
права | permissions rights access
разрешение разрешения разрешено разрешен | permission permissions allowed allow
роль роли | role roles
аутентификация аутентифицировать вход | authentication auth login
авторизация авторизовать | authorization authorize
токен токены | token tokens
сессия сессии | session sessions
безопасность безопасный | security safe safety
производительность | performance
масштабирование масштабируемый | scaling scalable scale
параллельный параллельно | parallel concurrent
конкурентность | concurrency
блокировка лок | lock locking
атомарный атомарно | atomic
идемпотентный идемпотентность | idempotent idempotency
зависимость | dependency
библиотека библиотеки | library libraries
фреймворк | framework
инструмент инструменты инструментарий | tool tools tooling
плагин | plugin
адаптер | adapter
интеграция интегрировать | integration integrate
провайдер | provider
поставщик | vendor provider
сборка собрать | build
развёртывание развернуть деплой задеплоить выкатка выкатить | deployment deploy
версия версии версионирование | version versions versioning
ветка ветки ветвление | branch branches branching
коммит коммиты закоммитить | commit commits
слияние смёрджить мерж | merge
пулреквест | pr
репозиторий репо | repository repo
монорепозиторий монорепо | monorepo
команда команды | command commands team
флаг флаги | flag flags
аргумент аргументы параметр параметры | argument arguments parameter parameters
вывод выход | output
ввод | input
формат форматы | format formats
строка строки | string line row
поиск искать найти | search find lookup
фильтр фильтры фильтрация фильтровать | filter filters filtering
сортировка | sorting sort
страница страницы | page pages
пагинация | pagination
порог пороги пороговый | threshold thresholds
лимит | limit
таймаут | timeout
повтор повторить ретрай | retry
уведомление уведомления уведомлять оповещение | notification notifications notify alert alerts
сообщение сообщения | message messages
письмо | email mail
отправка отправить | send sending
получение получить | receive fetch
загрузка загрузить | upload load download
импорт импортировать | import
экспорт экспортировать | export
отчёт отчёты отчётность | report reports reporting
дашборд панель | dashboard panel
график графики | chart charts
календарь календарный | calendar
интерфейс | ui
экран экраны | screen screens
кнопка кнопки | button buttons
меню | menu
клавиатура | keyboard
горячие | shortcut shortcuts hotkeys
вкладка | tab
окно | window
пустой | empty
дизайн | design
палитра цвет цвета | palette color colors colour colours
шрифт типографика | typography font
тема тёмная | theme dark
локализация интернационализация | localization internationalization i18n
перевод переводы | translation translations
язык языки | language languages
агент агенты агентный | agent agents agentic
автономия автономный | autonomy autonomous
супервизия супервизор надзор | supervision supervisor
эскалация эскалировать | escalation escalate
подтверждение подтвердить | confirmation confirm
промпт промпты | prompt prompts
навык скилл | skill skills
процесс процессы | process processes
поток | flow stream
воркфлоу | workflow
окружение | environment
локальный локально | local
удалённый | remote
продакшн прод продакшен | production prod
стенд | stage staging
запуск запустить | launch start run
остановка остановить | stop
перезапуск | restart
состояние | state
снимок | snapshot
реестр | registry
экземпляр | instance
идентификатор идентификаторы | identifier identifiers id
уникальный | unique
числовой | numeric
терминал терминальный | terminal
консоль консольный | console cli
справка | help
шпаргалка | cheatsheet
# words the gold questions' families need that were missing (each checked against the corpus)
защита защищать защищает | protection protect guard
одновременно одновременный одновременные | concurrent simultaneous
живой живые живых | live alive
зависший зависшие завис | stale hung stuck
убрать очистка очистить | cleanup clean remove
применить применять применение применяются | apply applied
человек люди | human person people
поддержка поддерживать поддерживаем | support supported
редактор | editor
объяснение объяснить | explanation explain
прерванный прервать | interrupted interrupt
продолжить возобновить | resume continue
соседний | neighbouring neighboring adjacent
приоритет приоритеты | priority precedence
порядок | order sequence
# general words of headers and questions, mined from the corpus (frequent, no entry before)
проект проектный | project
новый | new
работа работы | work
необходимость необходимый | need necessity required
текущий | current
существующий | existing
структура структуры | structure layout
место | place location home
разработка разрабатывать | development develop
описание описывать | description describe
активный | active
тип типы | type types kind
внутри внутренний | inside internal
вопрос вопросы | question questions
первый | first
просмотр просматривать | view browse
выбор выбрать выбранный | selection choice select selected
каркас скелет | scaffold skeleton
заметка заметки | notes note
набросок черновик | draft sketch
адаптация адаптировать | adaptation adapt
подход | approach
устойчивый стабильный | stable
кандидат кандидатные | candidate candidates
внешний | external
пример примеры | example examples
базовый основа | base basic foundation
несколько множественный | several multiple multi
дополнительный | additional extra
общий | common shared general
ключевой | key
типовой типичный | typical
смена сменить менять меняет | change switch
карточка карточки | card
принятый принят | accepted
пространство | space
контроль контролировать | control
режим режимы | mode modes
стек | stack
уровень уровни | level levels
операция операции операционный | operation operations operational
обнаружение обнаружить | detection discovery detect discover
умолчанию дефолт | default
публичный | public
артефакт артефакты | artifact artifacts
связь связи связанный | relation relationship related link
поведение | behavior behaviour
механизм | mechanism
короткий краткий | short brief
бриф | brief
извлечение извлечь | extraction extract
действие действия | action actions
инвентаризация перечень | inventory
инструкция руководство | instruction guide
инцидент | incident
алгоритм процедура | algorithm procedure
соответствие | conformance compliance mapping
выполнение исполнение исполнять | execution execute
последовательность | sequence
итерация | iteration
спецификация спека | specification spec specs
коллектор коллекторы | collector collectors
парсер парсинг | parser parsing
метод методы | method methods
комментарий комментарии | comment comments
горутина горутины | goroutine goroutines
планировщик | scheduler
контент | content
качество | quality
приватный приватность | private privacy
история исторический | history historical
дедуп дедупликация | dedup deduplication duplicate
предыдущий | previous
количество | quantity count amount
предусловие предусловия | precondition preconditions
постусловие | postcondition postconditions
доказательство свидетельство | evidence proof
контрольная | checkpoint
одобрение согласование утверждение | approval approve
трассируемость | traceability
запасной резервный | fallback
поверхность поверхности | surface surfaces
основной главный главная | main primary
архивный архив | archived archive
актор | actor
факт факты | fact facts
ядро | core
политика | policy
протокол | protocol
вердикт | verdict
наследие устаревший | legacy outdated
решение | solution
установка | setup install installation
здоровье доступность | health availability
внедрение | adoption
перечислить список | list
основанный | based
ожидание ожидания | expectation expectations
фикстура фикстуры | fixture fixtures
упрощение упростить | simplify simplification
достаточный | sufficient enough
разделение | separation split
отношение | relationship relation
оркестрация | orchestration
совместимость совместимый | compatibility compatible
переопределение переопределить | override overrides redefine
смоук | smoke
система системы | system systems
макет раскладка | layout mockup
критичный критический | critical
мутация | mutation mutations
следующий | next
явный явно | explicit
ежедневный суточный | daily
сверка | reconciliation
улучшение улучшить | improvement improve
менеджер | manager
наблюдение наблюдения | observation observations
взаимодействие | interaction
детали подробности | detail details
декомпозиция декомпозировать | decomposition decompose
браузер | browser
подсказка подсказки | hint hints tip
финальный итоговый | final
определить | define
выключить отключить отключение | disable off
включить включение | enable on
возможность возможности | capability capabilities possibility
селектор | selector
изоляция изолированный | isolation isolated
известный | known
форма формы | form shape
сетка | grid
плотность | density
редизайн | redesign
путь пути | path
семантика | semantics
постоянный персистентный | persistent permanent
дрейф расхождение | drift divergence
переиспользуемый переиспользование | reusable reuse
сегодня | today
знание знания | knowledge
важный | important
рекомендуемый | suggested recommended
причина причины | reason reasons cause
бинарник | binary
веха | milestone
отображение отображать | display
вложенный | nested
иерархия иерархический | hierarchy
хронология | timeline
просроченный просрочка | overdue
боковая | sidebar
свернуть | collapse
аудит | audit
движок | engine
класс | class
минимум минимальный | minimum minimal
исследование | research
бэклог | backlog
разрушительный | destructive
видимый | visible
фокус фокусировка | focus
предложение | proposal
хелпер | helper helpers
фото фотографии | photo photos
аналитика | analytics
приложение | app application
компьютер ноутбук | computer laptop
поднять поднимать | setup bootstrap
предметная | domain
# the products the corpus banks describe
бронирование бронь забронировать | booking reservation reservations book
гость гости | guest guests
юнит юниты | unit units
объект объекты | property properties object
недвижимость | property estate
собственник | owner
комиссия | commission
выплата выплаты | payout payouts
расход расходы | expense expenses
доход выручка | revenue income
финансы финансовый | finance finances financial
деньги денежный | money monetary
копейка копейки цент центы | cents
валюта валюты валютный | currency currencies
курс курсы | rate rates
конвертация конвертировать | conversion convert
цена цены | price prices
тариф тарифы тарифный | tariff tier pricing plan
скидка скидки | discount discounts
наценка | markup
подписка подписки | subscription subscriptions
оплата платёж оплатить платежи платёжный | payment payments pay
счёт | invoice account
заказ заказы | order orders
корзина | cart
оформление | checkout
товар товары | product products item goods
категория категории | category categories
удобство удобства | amenity amenities
филиал | branch
организация организации | organization organizations org
членство участник | membership member
уборка | cleaning
обслуживание | maintenance
заезд заселение | checkin arrival
выезд выселение | checkout departure
простоя простоев | idle gap downtime
занятость загрузка | occupancy
тепловая | heatmap
виджет | widget
канал каналы | channel channels
оператор | operator
администратор админ админский | admin administrator
пост посты | post posts
лента | feed
саммари суммаризация суммировать | summary summarization summarize
переписка | conversation chat
оценка скоринг | score scoring rating
интерес | interest
ранжирование | ranking
эмбеддинг эмбеддинги | embedding embeddings
агрегатор | aggregator
бот боты | bot bots
телеграм | telegram
вебхук | webhook
панель | pane panel
сессия | session
скрипт | script
"""


def _word_set(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Routing stop words: English function words and question words. `new`, `use`, `find` stay: they
# are rarely the point of a question, but inverse header frequency already discounts them.
EN_STOP = _word_set(
    """
    the a an of in on for to with about from as at by into and or but if than then what where how
    which why who when whom whose that this these those there it its i we you they them my our us me
    your their is are was were be been being do does did doing has have had can could should would
    may might must will shall not no any all some such only also just very each both get got
    please s exactly find understand know tell properly correctly best many much
    """
)

# Russian function words and the filler verbs developers put in questions (`где лежат`,
# `что такое`, `как описано`), which otherwise match every document that says `описывает`.
RU_STOP = _word_set(
    """
    что как где когда кто почему зачем какой какая какие каком какое какую каких каким который
    которая которые которое которых это этот эта эти том этом этой этого этих этому тот та те то
    для или при над под про из по на не ни но же ли бы без до от за чем так там тут если чтобы об
    со во ко между после через также тоже либо да
    мы вы он она они его её ее их мне меня мной нам нас вам вас мой моя мое моё мои наш наша наше
    наши ваш ваша себя свой своя свои
    был была было были быть есть нет будет будут может могут
    ещё еще уже только нужно надо можно нужен нужна нужны должен должна должно должны
    все всё весь вся всех всем
    такое такой такая такие такого
    лежит лежат лежать находится находятся хранится описан описано описана описаны описывается
    сделать делать делаем сделали происходит устроен устроено устроена работает работают
    вообще именно сейчас здесь тогда ли
    понять понимать узнать посмотреть найти подскажите скажите
    правильно корректно лучше обычно конкретно точно примерно сколько
    """
)

# Search keeps a shorter English list: a literal search for `new` or `use` means those words.
SEARCH_EN_STOP = _word_set(
    """
    the and for that this with from are was were not but its has have had can may must when which
    what where how why
    """
)
