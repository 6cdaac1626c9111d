// The GraphSense concept taxonomy v0.1.0 (2023-01-27), copied from graphsense/graphsense-tagpack-tool
// (src/tagpack/db/concepts.yaml at a14a1597), MIT licence, (c) 2021 Austrian Institute of Technology GmbH.
// Our category model (categories.ts) is built on these ids; see docs/DATA.md "Categories".

export interface Concept {
  id: string;
  label: string;
  /** The parent concept; null for the root. */
  broader: string | null;
  description: string;
}

export const graphsenseConcepts: readonly Concept[] = [
  {
    id: "concept",
    label: "Concept",
    broader: null,
    description: "Anything that describes an actor in the Darknet- or Cryptoasset Ecosystems.",
  },
  {
    id: "unknown",
    label: "Unknown",
    broader: "concept",
    description: "Special category representing a tag with unknown categorization",
  },
  {
    id: "behaviour",
    label: "Behaviour",
    broader: "concept",
    description: "A way something functions or behaves or operates",
  },
  {
    id: "source",
    label: "Source",
    broader: "concept",
    description: "Attributes about the source of the information",
  },
  { id: "mention", label: "Mention", broader: "source", description: "Tag originates from an mention" },
  {
    id: "website_mention",
    label: "Website Mention",
    broader: "mention",
    description: "Tag originating from a website mention",
  },
  {
    id: "forum_mention",
    label: "Forum Mention",
    broader: "website_mention",
    description: "Tag originating from a forum mention",
  },
  {
    id: "abuse",
    label: "Abuse",
    broader: "behaviour",
    description: "Some not further specified type of abuse",
  },
  {
    id: "gray_usage",
    label: "Gray usage patterns",
    broader: "behaviour",
    description: "Usage patterns that can be of concerning depending on the context",
  },
  {
    id: "mixing",
    label: "Mixing",
    broader: "gray_usage",
    description: "An activity to conceal the source or destination of a payment flow",
  },
  {
    id: "white_usage",
    label: "White (benin) usage patterns",
    broader: "behaviour",
    description: "Usage patterns that are tipically not concerning",
  },
  { id: "sexual_abuse", label: "Sexual Abuse", broader: "abuse", description: "Abuseive secual behavior." },
  {
    id: "child_sexual_abuse",
    label: "Child Sexual Abuse",
    broader: "sexual_abuse",
    description: "Abuseive secual behavior towards minors.",
  },
  {
    id: "violence",
    label: "Violence",
    broader: "abuse",
    description: "Anything involving Violent behaviour",
  },
  {
    id: "human_trafficking",
    label: "Human Trafficking",
    broader: "abuse",
    description:
      "Human trafficking is the trade of humans for the purpose of forced labour, sexual slavery, or commercial sexual exploitation.",
  },
  { id: "murder", label: "Murder", broader: "violence", description: "Unlawful killing of another human" },
  {
    id: "torture",
    label: "Torture",
    broader: "violence",
    description: "Anything involving Violent behaviour",
  },
  {
    id: "scam",
    label: "Scam",
    broader: "abuse",
    description: "Scam denotes a fraudulent or deceptive act or operation.",
  },
  {
    id: "financial_crime",
    label: "Financial Crime",
    broader: "abuse",
    description:
      "Financial crime is a broad term used to describe criminal activities that involve money or other financial resources.",
  },
  {
    id: "investment_fraud",
    label: "Investment Fraud",
    broader: "financial_crime",
    description:
      "Investment fraud involves the illegal sale or purported sale of financial instruments. The typical investment fraud schemes are characterized by offers of low- or no-risk investments, guaranteed returns, overly-consistent returns, complex strategies, or unregistered securities.",
  },
  {
    id: "ponzi_scheme",
    label: "Ponzi Scheme",
    broader: "investment_fraud",
    description:
      "Ponzi schemes promise high financial returns or dividends not available through traditional investments. Instead of investing the funds of victims, however, the con artist pays dividends to initial investors using the funds of subsequent investors. The scheme generally falls apart when the operator flees with all of the proceeds or when a sufficient number of new investors cannot be found to allow the continued payment of dividends.",
  },
  {
    id: "pyramid_scheme",
    label: "Pyramid Scheme",
    broader: "ponzi_scheme",
    description:
      "As in Ponzi schemes, the money collected from newer victims of pyramid schemes is paid to earlier victims to provide a veneer of legitimacy. In pyramid schemes, however, the victims themselves are induced to recruit further victims through the payment of recruitment commissions.",
  },
  {
    id: "money_laundering",
    label: "Money Laundering",
    broader: "financial_crime",
    description:
      "Money laundering is concealing or disguising the origins of illegally obtained proceeds so that they appear to have originated from legitimate sources.",
  },
  {
    id: "extortion",
    label: "Extortion",
    broader: "abuse",
    description: "Extortion denotes the act or practice of extorting especially money or other property.",
  },
  {
    id: "sextortion",
    label: "Sextortion",
    broader: "extortion",
    description:
      "Sextortion refers to the broad category of sexual exploitation in which abuse of power is the means of coercion, as well as to the category of sexual exploitation in which threatened release of sexual images or information is the means of coercion.",
  },
  {
    id: "phishing",
    label: "Phishing",
    broader: "abuse",
    description:
      "Phishing is the fraudulent attempt to obtain sensitive information such as usernames, passwords and credit card details by disguising oneself as a trustworthy entity in an electronic communication.",
  },
  { id: "hacking", label: "Hacking", broader: "abuse", description: "Related to hacking activity" },
  {
    id: "service_hack",
    label: "Service Hack",
    broader: "hacking",
    description: "A service hack denotes the digital intrusion into a service with the goal to steal funds.",
  },
  {
    id: "account_hack",
    label: "Account Hack",
    broader: "hacking",
    description: "A hacked account either to exploit finanically or via impersonation",
  },
  {
    id: "exploit",
    label: "Exploit",
    broader: "hacking",
    description:
      "An exploit is a method or piece of code that takes advantage of vulnerabilities in software",
  },
  {
    id: "data_breach",
    label: "Data Breach",
    broader: "hacking",
    description:
      'A data breach, also known as data leakage, is "the unauthorized exposure, disclosure, or loss of personal information".',
  },
  {
    id: "social_engineering",
    label: "Social Engineering",
    broader: "hacking",
    description:
      "In the context of information security, social engineering is the psychological manipulation of people into performing actions or divulging confidential information.",
  },
  {
    id: "malware",
    label: "Malware",
    broader: "hacking",
    description:
      "Malware is any software intentionally designed to cause disruption to a computer, server, client, or computer network, leak private information, gain unauthorized access to information or systems, deprive access to information, or which unknowingly interferes with the user's computer security and privacy.",
  },
  { id: "drugs", label: "Drugs", broader: "abuse", description: "Related to (illegal) drugs." },
  {
    id: "weapons",
    label: "Weapons",
    broader: "abuse",
    description:
      "A weapon, arm, or armament is any implement or device that is used to deter, threaten, inflict physical damage, harm, or kill.",
  },
  {
    id: "payment_card_fraud",
    label: "Payment Card Fraud",
    broader: "financial_crime",
    description: "Criminal activity revolving around payment cards.",
  },
  {
    id: "ransomware",
    label: "Ransomware",
    broader: "extortion",
    description:
      "Ransomware is a type of malware from cryptovirology that threatens to publish the victim's data or perpetually block access to it unless a ransom is paid.",
  },
  {
    id: "sanction",
    label: "Sanction List",
    broader: "abuse",
    description:
      "An entry appears on a sanction list published by governments and international authorities to combat illegal activities.",
  },
  {
    id: "counterfeit",
    label: "Counterfeit",
    broader: "abuse",
    description: "A counterfeit is a fake or unauthorized replica of a genuine product-",
  },
  {
    id: "extremism",
    label: "Extremism",
    broader: "abuse",
    description:
      "Serially or systematically dehumanize others, frequently express hate speech towards opponents, perform selective/ individual acts of violence, actively separate targets from society, active discrimination.",
  },
  {
    id: "terrorism",
    label: "Terrorism",
    broader: "extremism",
    description: "Endorse, promote, or enact physical violence towards out-, in-group or infrastructure.",
  },
  {
    id: "terrorism_financing",
    label: "Terrorism Financing",
    broader: "extremism",
    description: "Financial support to terrorism related entities",
  },
  {
    id: "dark_web",
    label: "Dark web",
    broader: "source",
    description:
      "Web content or service offerings exposed via darknets overlay networks, which are only through networks such as Tor.",
  },
  {
    id: "entity",
    label: "Entity",
    broader: "concept",
    description:
      "An actor is anything playing an active role in Darknets or Cryptoasset ecosystems. This subsumes individuals and organizations as well as automated services fulfilling a certain function in such environments.",
  },
  {
    id: "organization",
    label: "Organization",
    broader: "entity",
    description: "An organization represents some social institution, such as public services or companies.",
  },
  {
    id: "user",
    label: "User",
    broader: "entity",
    description:
      "A user is a person who utilizes Darknet or Cryptoasset infrastructures and / or offered services.",
  },
  {
    id: "service",
    label: "Service",
    broader: "entity",
    description:
      "A service refers to some software functionality or a set of software functionalities that can be used by different actors for difffent purposes.",
  },
  {
    id: "victim",
    label: "Victim",
    broader: "user",
    description:
      "Someone or something that has been hurt, damaged, or killed or has suffered, either because of the actions of someone or something else, or because of illness or chance.",
  },
  {
    id: "perpetrator",
    label: "Perpetrator",
    broader: "user",
    description: "Someone who has committed a crime or a violent or harmful act.",
  },
  {
    id: "donation",
    label: "Donation",
    broader: "user",
    description: "Someone or something receiving donations in cryptoassets.",
  },
  {
    id: "exchange",
    label: "Exchange",
    broader: "service",
    description:
      "A centralized cryptocurrency exchange (CEX) is a business that allows customers to trade cryptocurrencies or digital currencies for other assets, such as conventional fiat money or other digital currencies.",
  },
  {
    id: "wallet_service",
    label: "Wallet Service",
    broader: "service",
    description:
      "A wallet service is a software or web service that custodizes and utilizes cryptoasset keys on behalf of their users.",
  },
  {
    id: "escrow_wallet",
    label: "Escrow Wallet",
    broader: "wallet_service",
    description:
      "An escrow service is a mediator service that keeps the money for a transaction in safekeeping until the coins are handed over.",
  },
  {
    id: "ico_wallet",
    label: "ICO Wallet",
    broader: "wallet_service",
    description: "A wallet that has been used for Initial Coin Offerings (ICOs).",
  },
  {
    id: "cold_wallet",
    label: "Cold Wallet",
    broader: "white_usage",
    description: "A wallet that is not connected to the Internet and controlled by some user.",
  },
  {
    id: "hot_wallet",
    label: "Hot Wallet",
    broader: "white_usage",
    description:
      "A hot wallet is a wallet used frequently, typically keys are used in an automated fashion without a user in the loop",
  },
  {
    id: "warm_wallet",
    label: "Warm Wallet",
    broader: "white_usage",
    description:
      "A warm wallet is a similar to a hot wallet but with a user in the loop (no automated usage of keys)",
  },
  {
    id: "filesharing",
    label: "File Sharing",
    broader: "service",
    description:
      "A file sharing service provides access to digital media, such as computer programs, multimedia (audio, images and video), documents or electronic books.",
  },
  {
    id: "index",
    label: "Index",
    broader: "service",
    description: "An index refers the contents of other websites in the Dark- or Clearnet.",
  },
  {
    id: "market",
    label: "Market",
    broader: "service",
    description:
      "A market, or marketplace, is an online location where users purchase and sale legitimate or illegitimate goods and services.",
  },
  {
    id: "messaging_service",
    label: "Messaging Service",
    broader: "service",
    description:
      "A messaging service is a type of online chat that offers real-time transmission of messages over the Internet.",
  },
  {
    id: "mixing_service",
    label: "Mixing as a Service",
    broader: "service",
    description:
      "A tumbler or mixing service is a service offered to mix potentially identifiable or 'tainted' cryptoasset funds with others, so as to obscure the trail back to the fund's original source. Tumblers have arisen to improve the anonymity of cryptocurrencies, usually bitcoin (hence Bitcoin mixer), since the currencies provide a public ledger of all transactions.",
  },
  {
    id: "coinjoin",
    label: "CoinJoin",
    broader: "mixing",
    description:
      "CoinJoin is an anonymization strategy that protects the privacy of Bitcoin users when they conduct transactions with each other, obscuring the sources and destinations of BTC used in transactions.",
  },
  {
    id: "miner",
    label: "Miner",
    broader: "user",
    description:
      "A service or individual that processes and verifies transactions for various forms of cryptoassets and creates blocks to be added to the blockchain digital ledger.",
  },
  {
    id: "mining_service",
    label: "Mining as a Service",
    broader: "service",
    description: "A software and computing infrastructure that allows mining of cryptoassets in the cloud",
  },
  {
    id: "gambling",
    label: "Gambling Service",
    broader: "service",
    description:
      "A gambling service support the wagering of money or something of value (e.g., tokens) on an event with an uncertain outcome, with the primary intent of winning money or material goods.",
  },
  {
    id: "search_engine",
    label: "Search Engine",
    broader: "service",
    description:
      "A web search engine or Internet search engine is a software system that is designed to carry out web search (Internet search), which means to search the World Wide Web in a systematic way for particular information specified in a textual web search query. The search results are generally presented in a line of results, often referred to as search engine results pages (SERPs). The information may be a mix of links to web pages, images, videos, infographics, articles, research papers, and other types of files.",
  },
  {
    id: "shop",
    label: "Shop",
    broader: "service",
    description:
      "A shop allows consumers to directly buy goods or services from a seller over the Internet using a web browser.",
  },
  {
    id: "faucet",
    label: "Faucet",
    broader: "service",
    description:
      "A faucet can be defined as a reward system from which small amounts of coins can be rewarded",
  },
  {
    id: "payment_processor",
    label: "Payment Processor",
    broader: "service",
    description:
      "A platform for online transactions that serves as a gateway and helps companies accept payments in cryptocurrencies",
  },
  {
    id: "atm",
    label: "Cryptoasset ATM",
    broader: "service",
    description: "A physical kiosk that allows users to exchange cryptoassets and fiat currencies.",
  },
  {
    id: "hosting",
    label: "Hosting Service Provider",
    broader: "service",
    description:
      "A hosting service provider (HSP) is an IT service company or partner that provides remote IT resources and/or services",
  },
  {
    id: "vpn",
    label: "VPN Service Provider",
    broader: "service",
    description:
      "A virtual private network (VPN) service provides a proxy server to help users bypass Internet censorship such as geoblocking and users who want to protect their communications against data profiling or MitM attacks on hostile networks.",
  },
  {
    id: "nameservice",
    label: "Name Service",
    broader: "service",
    description:
      "A blockchain-based service that maps human-readable identifiers (such as domain names or usernames) to machine-readable blockchain addresses, simplifying interaction with decentralized services.",
  },
  {
    id: "defi",
    label: "DeFi Protocol",
    broader: "service",
    description: "A program offering financial services in the form of smart contracts.",
  },
  {
    id: "defi_token",
    label: "Token",
    broader: "defi",
    description:
      "A Token lets users create assets that enable safe exchange within the ecosystem and beyond. Examples are ERC20, BRC20, BTC20, TRC20 tokens implemented as smart contracts or TRC10 implemented as protocol extensions.",
  },
  {
    id: "defi_lending",
    label: "Lending Protocol",
    broader: "defi",
    description:
      "A DeFi protocol that lets users lend and borrow cryptoassets without having to go through a centralized intermediary",
  },
  {
    id: "defi_dex",
    label: "Decentralized Exchange (DEX)",
    broader: "defi",
    description:
      "A type of cryptocurrency exchange which allows for direct peer-to-peer cryptocurrency transactions to take place online securely and without the need for an intermediary.",
  },
  {
    id: "defi_dex_pair",
    label: "DEX Pair",
    broader: "defi_dex",
    description:
      "A trading pair on a decentralized exchange (DEX) that allows users to trade one cryptoasset for another. It is typically represented as two tokens, such as ETH/USDC or BTC/ETH.",
  },
  {
    id: "defi_derivatives",
    label: "Derivative",
    broader: "defi",
    description:
      "A contract between two or more parties whose value is based on an agreed-upon underlying financial (crypto)asset.",
  },
  {
    id: "defi_bridge",
    label: "Bridge",
    broader: "defi",
    description:
      "A cryptocurreny service that allows to move assets to another distributed ledger in a (semi-) automated fashion, without losing custody of the asset.",
  },
  {
    id: "defi_dao",
    label: "DAO",
    broader: "defi",
    description:
      "A decentralized autonomous organization (DAO) is a collectively-owned, blockchain-governed entity with no central leadership, used to coordinate decisions and resources.",
  },
  {
    id: "defi_staking",
    label: "Staking",
    broader: "defi",
    description:
      "A DeFi service that allows users to lock up assets in a smart contract to support network operations, such as consensus or governance, in return for rewards.",
  },
  {
    id: "defi_custody",
    label: "Custody",
    broader: "defi",
    description:
      "A DeFi mechanism or service that enables secure management and storage of digital assets, typically through smart contracts that preserve user control or use of multi-signature wallets.",
  },
  {
    id: "item",
    label: "Digital Item",
    broader: "concept",
    description:
      "An intangible asset or piece of media that doesn't have physical form or substance and can be sold or shared online.",
  },
  {
    id: "collectible",
    label: "Collectible",
    broader: "item",
    description:
      "A collectible refers to an item that is worth far more than it was originally sold for because of its rarity and/or popularity.",
  },
];
