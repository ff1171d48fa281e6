import type { LegalContent } from './types.ts';

const terms: LegalContent = ({
  brand,
  schedule,
  pixLimits,
  derivLimits,
  boletoFee,
  whatsappThreshold,
}) => ({
  updated: '2026-11-24',
  summary: `Estes termos regem o uso da ${brand} para trocar tokens de cripto, saldo Deriv e reais. Ao criar uma conta ou fazer um pedido, você os aceita, junto com a nossa política de privacidade e a nossa política de prevenção à lavagem de dinheiro.`,
  sections: [
    {
      id: 'eligibility',
      heading: 'Quem pode usar o serviço',
      blocks: [
        {
          list: [
            'Você precisa ter 18 anos ou mais e plena capacidade para contratar.',
            'Menores só podem usar o serviço por meio dos pais ou do responsável legal, que abre a conta em seu próprio nome e responde por todos os pedidos.',
            'Cada pessoa pode ter uma conta. As informações e os documentos que você envia devem ser verdadeiros e seus.',
            'Empresas são atendidas pela conta de um representante legal, como descrito na nossa página para empresas.',
          ],
        },
      ],
    },
    {
      id: 'account',
      heading: 'Sua conta',
      blocks: [
        'Guarde sua senha só para você: tudo o que for feito com ela é considerado feito por você. Uma sessão dura no máximo 12 horas. Nunca pedimos sua senha, sua frase de recuperação ou suas chaves privadas. Avise-nos imediatamente se suspeitar que outra pessoa usou sua conta.',
      ],
    },
    {
      id: 'documents',
      heading: 'Documentos e verificação',
      blocks: [
        'Antes da primeira troca, você confirma seu e-mail e envia um documento de identidade com foto, um comprovante de endereço e uma selfie segurando o documento (JPG, PNG ou PDF, até 5 MB cada). Analisamos em até 24 horas em dias úteis e podemos pedir mais informações, como exige a nossa política de prevenção à lavagem de dinheiro. Pedidos exigem documentos aprovados.',
      ],
    },
    {
      id: 'fees',
      heading: 'Cotações e taxas',
      blocks: [
        'Nossa taxa fica entre 3% e 10% do valor, conforme o par e o nosso estoque disponível do token que você recebe; envios em cripto também têm a taxa de saque da rede. A calculadora mostra a cotação, as taxas e o valor exato que você recebe antes de você confirmar.',
        'Uma cotação fica travada por 15 minutos. O pedido mantém a cotação e a taxa travadas e deve ser pago em até 30 minutos após a criação; depois disso, um pedido sem pagamento é cancelado.',
      ],
    },
    {
      id: 'payments',
      heading: 'Formas de pagamento e prazos',
      blocks: [
        {
          list: [
            'PIX: instantâneo, sem custo extra.',
            'Transferência bancária (TED): instantânea, sem custo extra.',
            boletoFee
              ? `Boleto: até três dias úteis para compensar, com taxa adicional de ${boletoFee}.`
              : 'Boleto: até três dias úteis para compensar, com uma taxa adicional mostrada antes de você confirmar.',
            'Cripto: creditada após as confirmações que a rede exige, mostradas no pedido.',
          ],
        },
        'Os pagamentos devem sair de uma conta ou carteira em seu próprio nome; um pagamento feito por outra pessoa é devolvido à origem. Depois de pagar, confirme na página do pedido com o comprovante ou o hash da transação.',
      ],
    },
    {
      id: 'hours',
      heading: 'Horário de atendimento e suporte',
      blocks: [
        `Processamos pedidos ${schedule}. Você pode fazer um pedido a qualquer hora; fora desse horário, ele é atendido assim que abrirmos. Nosso suporte responde em até 24 horas em dias úteis.`,
      ],
    },
    {
      id: 'limits',
      heading: 'Limites',
      blocks: [
        pixLimits && derivLimits
          ? `Todo envio tem um mínimo e um máximo: pelo PIX de ${pixLimits.min} a ${pixLimits.max} por pedido, pela Deriv de ${derivLimits.min} a ${derivLimits.max} e, em cripto, os limites de cada rede mostrados pela calculadora. Nunca enviamos mais do que o nosso estoque disponível do token. Os limites podem mudar; valem os que a calculadora mostra.`
          : 'Todo envio tem um mínimo e um máximo: em reais no PIX, em dólares na Deriv e por rede em cripto, como mostra a calculadora. Nunca enviamos mais do que o nosso estoque disponível do token. Os limites podem mudar; valem os que a calculadora mostra.',
        `Em trocas acima de ${whatsappThreshold}, um visitante também pode concluir com a nossa equipe pelo WhatsApp, sem login. Valem as mesmas taxas, verificações e documentos.`,
      ],
    },
    {
      id: 'payouts',
      heading: 'Envios e valores diferentes',
      blocks: [
        'Enviamos para a carteira, a chave PIX ou a conta Deriv escolhida no pedido, que deve ser sua. Você é responsável pelo endereço e pela rede: transações em blockchain não podem ser revertidas, e cripto enviada para um endereço ou rede errados pode ser perdida.',
        'Se o valor que recebermos for diferente do pedido, recalculamos o que você recebe pela cotação e taxa travadas, dentro dos limites; um valor abaixo do mínimo só pode ser devolvido. Depois do envio, confirme o recebimento na página do pedido; um pedido é concluído automaticamente 72 horas após o envio.',
      ],
    },
    {
      id: 'refunds',
      heading: 'Cancelamentos e reembolsos',
      blocks: [
        {
          list: [
            'Você pode cancelar um pedido sem custo enquanto ele não estiver pago.',
            'Se não pudermos concluir um pedido pago (por um limite, uma verificação que falhou ou um pagamento fora das regras), devolvemos o valor para a conta ou o endereço de onde veio o pagamento, no ativo que você enviou.',
            'As taxas de rede de um reembolso em cripto são descontadas do valor devolvido; a taxa do boleto não é reembolsada.',
            'Os reembolsos são feitos em até dois dias úteis após a decisão, e você é avisado por e-mail com o comprovante.',
          ],
        },
      ],
    },
    {
      id: 'prohibited',
      heading: 'O que não é permitido',
      blocks: [
        'Usar o serviço com recursos de origem ilícita, em nome de terceiros não identificados, para burlar sanções ou tributos, ou com documentos falsos. Nesses casos podemos reter ou recusar pedidos e encerrar contas, e comunicamos as autoridades.',
      ],
    },
    {
      id: 'liability',
      heading: 'Nossa responsabilidade',
      blocks: [
        'Fazemos o possível para manter o serviço disponível e enviar os valores nos prazos acima, mas não respondemos por atrasos causados por redes, bancos, corretoras ou outros terceiros, nem por perdas causadas por dados errados informados por você. Nada nestes termos limita os seus direitos pelo Código de Defesa do Consumidor.',
      ],
    },
    {
      id: 'changes',
      heading: 'Mudanças e lei aplicável',
      blocks: [
        'Podemos mudar estes termos; vale a versão desta página, com a sua data, e cada pedido segue os termos do dia em que foi feito. Estes termos são regidos pela lei brasileira, e eventuais disputas podem ser levadas ao foro do seu domicílio.',
      ],
    },
  ],
});

export default terms;
